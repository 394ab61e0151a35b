/** Rows per statement when a list becomes parameters: SQLite and PostgreSQL cap their count. */
export const ID_CHUNK = 500;

export function chunks<T>(items: T[], size = ID_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
