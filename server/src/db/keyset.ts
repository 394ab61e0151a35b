/** Rows a keyset walk reads at a time. */
const PAGE = 500;

/**
 * Every row `page` finds, read PAGE at a time in the order of a unique text
 * key: each page starts after the last key of the one before, so a walk over
 * a table that changes meanwhile never repeats or skips a row that stays, and
 * holds one page at a time.
 */
export async function* byKey<Row>(page: (after: string, limit: number) => Promise<Row[]>, keyOf: (row: Row) => string): AsyncIterable<Row> {
  for (let after = ''; ; ) {
    const rows = await page(after, PAGE);
    yield* rows;
    if (rows.length < PAGE) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}
