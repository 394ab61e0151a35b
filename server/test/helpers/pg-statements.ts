import pg from 'pg';

/** A statement as sent to PostgreSQL: its text, its values, and its name when it went prepared. */
export interface SentStatement {
  text: string;
  values: unknown[];
  name?: string;
}

/** Statements sent to PostgreSQL while `work` runs, in this process (each test file runs in its own). */
export async function statementsDuring(work: () => Promise<unknown>): Promise<SentStatement[]> {
  const sent: SentStatement[] = [];
  const query = pg.Client.prototype.query;
  const counting = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [string | { text?: string; values?: unknown[]; name?: string }, unknown[] | undefined];
    sent.push(typeof config === 'string' ? { text: config, values: values ?? [] } : { text: config.text ?? '', values: config.values ?? [], name: config.name });
    // The original query, with whatever overload the caller used.
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  };
  pg.Client.prototype.query = counting as typeof query;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent;
}
