import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFiles } from './helpers/files.js';
import { planOf } from './helpers/pg-plans.js';
import { statementsDuring } from './helpers/pg-statements.js';
import { DATABASES, startTestServer, type TestServer } from './helpers/server.js';

// PostgreSQL's plans depend on its statistics: a table of thousands of files, analyzed.
if (DATABASES.includes('postgres')) {
  describe('a name search over a large scope [postgres]', () => {
    let srv: TestServer | undefined;
    const t = () => srv!;
    beforeAll(async () => {
      srv = await startTestServer('postgres');
    });
    afterAll(async () => {
      await srv?.close();
    });

    it('tests the names as folded when written, which the trigram index covers, and never folds a name it tests', async () => {
      const erin = await t().client.register();
      await addFiles(t(), erin.user.id, 3000, 'nothing looked for here');
      await sql`analyze files`.execute(t().server.ctx.db);

      let total = 0;
      const sent = await statementsDuring(async () => {
        const res = await t().client.get('/api/files?search=FILLER%2012', { token: erin.token });
        expect(res.status).toBe(200);
        total = res.body.total;
      });
      // filler 12, 120 to 129 and 1200 to 1299.
      expect(total).toBe(111);
      const testingNames = sent.filter((s) => /\blike\b/i.test(s.text));
      expect(testingNames.length).toBeGreaterThan(0);
      const plans = await Promise.all(testingNames.map((s) => planOf(t(), s)));
      for (const plan of plans) expect(plan).not.toMatch(/lower\(original_name\)/);
      expect(plans.some((plan) => /name_folded ~~ '%filler 12%'/.test(plan)), plans.join('\n\n')).toBe(true);
      // The trigram index proposes the names the statements test: it covers the folded names.
      const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'files_name_trigrams' and schemaname = current_schema()`.execute(t().server.ctx.db);
      expect(rows[0]?.indexdef).toMatch(/USING gin \(name_folded public\.gin_trgm_ops\) WITH \(gin_pending_list_limit='256'\)/);
    });

    it('keeps the folded name of a renamed file', async () => {
      const frank = await t().client.register();
      const { db } = t().server.ctx;
      await addFiles(t(), frank.user.id, 1, 'text');
      await db.updateTable('files').set({ original_name: 'Ünïcode RENAMED.txt' }).where('user_id', '=', frank.user.id).execute();
      const { rows } = await sql<{ name_folded: string }>`select name_folded from files where user_id = ${frank.user.id}`.execute(db);
      expect(rows.map((r) => r.name_folded)).toEqual(['ünïcode renamed.txt']);
    });
  });
}
