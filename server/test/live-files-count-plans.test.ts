import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { addFilesOfTheirOwn } from './helpers/files.js';
import { planOf, settleFiles } from './helpers/pg-plans.js';
import { statementsDuring } from './helpers/pg-statements.js';
import { describePostgresInOwnDatabase } from './helpers/server.js';

// PostgreSQL's plans depend on its statistics and on the visibility map: a table of thousands of files, vacuumed as autovacuum would.
describePostgresInOwnDatabase('the total of a large account’s listing', (t) => {
  it('is counted from the narrow index of the owner’s files not in Trash, with or without a tag (at 100,000 files PostgreSQL read the rows)', async () => {
    const kim = await t().client.register();
    const { db } = t().server.ctx;
    // Binary contents: the background reading of texts would link text contents to their rows while VACUUM marks the
    // pages all-visible, and pages left unmarked make PostgreSQL read the rows after all.
    await addFilesOfTheirOwn(t(), kim.user.id, 3000);
    await sql`insert into file_tags (file_id, tag) select id, 'invoice' from files where user_id = ${kim.user.id} and id % 10 = 0`.execute(db);
    await settleFiles(t());

    for (const [query, expected] of [
      ['sort_by=file_size', 3000],
      ['tags=invoice', 300],
    ] as const) {
      let total = 0;
      const sent = await statementsDuring(async () => {
        const res = await t().client.get(`/api/files?${query}`, { token: kim.token });
        expect(res.status).toBe(200);
        total = res.body.total;
      });
      expect(total, query).toBe(expected);
      // Counted on its own (a filter), or beside the page of a listing without one.
      const counts = sent.filter((s) => /^select count\(\*\) as "total"|\(select count\(\*\) from files f where/i.test(s.text));
      expect(counts.length, query).toBe(1);
      expect(await planOf(t(), counts[0]!), query).toMatch(/Index Only Scan using files_user_live on files/);
    }
  });
});
