import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { addFiles } from './helpers/files.js';
import { planOf } from './helpers/pg-plans.js';
import { statementsDuring } from './helpers/pg-statements.js';
import { describePostgresInOwnDatabase } from './helpers/server.js';

// PostgreSQL's plans depend on its statistics: a table of thousands of files, analyzed.
describePostgresInOwnDatabase('names and tags as searches compare them', (t) => {
  it('are tested as folded when written, which the indexes cover, and never folded again by a search or a tag filter', async () => {
    const { db } = t().server.ctx;
    const erin = await t().client.register();
    await addFiles(t(), erin.user.id, 3000, 'nothing looked for here');
    const files = await db.selectFrom('files').select('id').where('user_id', '=', erin.user.id).orderBy('id').execute();
    await db
      .insertInto('file_tags')
      .values(files.filter((_, i) => i % 3 === 0).map((f) => ({ file_id: f.id, tag: 'Invoice' })))
      .execute();
    await sql`analyze files, file_tags`.execute(db);

    const totals: number[] = [];
    const sent = await statementsDuring(async () => {
      for (const query of ['search=FILLER%2012', 'tags=INVOICE', 'search=voic']) {
        const res = await t().client.get(`/api/files?${query}`, { token: erin.token });
        expect(res.status).toBe(200);
        totals.push(res.body.total);
      }
    });
    // filler 12, 120 to 129 and 1200 to 1299; every third file tagged, found by the tag or a piece of it.
    expect(totals).toEqual([111, 1000, 1000]);
    const testing = sent.filter((s) => /\b(like|tag_folded)\b/i.test(s.text));
    expect(testing.length).toBeGreaterThan(0);
    const plans = await Promise.all(testing.map((s) => planOf(t(), s)));
    for (const plan of plans) expect(plan).not.toMatch(/lower\((original_name|tag)\)/);
    expect(plans.some((plan) => /name_folded ~~ '%filler 12%'/.test(plan)), plans.join('\n\n')).toBe(true);
    expect(plans.some((plan) => /tag_folded = 'invoice'/.test(plan)), plans.join('\n\n')).toBe(true);
    expect(plans.some((plan) => /tag_folded ~~ '%voic%'/.test(plan)), plans.join('\n\n')).toBe(true);

    // The indexes propose what the statements test: they cover the folds.
    const { rows } = await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes
      where indexname in ('files_name_trigrams', 'file_tags_tag_trigrams', 'file_tags_tag') and schemaname = current_schema() order by indexname`.execute(db);
    expect(rows.map((r) => [r.indexname, r.indexdef.replace(/^.* USING /, '')])).toEqual([
      ['file_tags_tag', 'btree (tag_folded, file_id)'],
      ['file_tags_tag_trigrams', "gin (tag_folded public.gin_trgm_ops) WITH (gin_pending_list_limit='256')"],
      ['files_name_trigrams', "gin (name_folded public.gin_trgm_ops) WITH (gin_pending_list_limit='256')"],
    ]);
  });

  it('keep the fold of a renamed file and of each tag, beyond ASCII', async () => {
    const frank = await t().client.register();
    const { db } = t().server.ctx;
    await addFiles(t(), frank.user.id, 1, 'text');
    await db.updateTable('files').set({ original_name: 'Ünïcode RENAMED.txt' }).where('user_id', '=', frank.user.id).execute();
    const { rows } = await sql<{ name_folded: string; tag_folded: string }>`
      with file as (select id, name_folded from files where user_id = ${frank.user.id}),
      tagged as (insert into file_tags (file_id, tag) select id, 'ÜBER Tag' from file returning tag_folded)
      select name_folded, tag_folded from file, tagged`.execute(db);
    expect(rows).toEqual([{ name_folded: 'ünïcode renamed.txt', tag_folded: 'über tag' }]);
  });
});
