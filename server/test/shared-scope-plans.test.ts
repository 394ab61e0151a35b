import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { FileItem } from '@vault/contract';
import { addFiles, addFilesOfTheirOwn, samples, uploadOne } from './helpers/files.js';
import { filesRowsReadBy, planOf, settleFiles } from './helpers/pg-plans.js';
import { statementsDuring } from './helpers/pg-statements.js';
import { describePostgresInOwnDatabase } from './helpers/server.js';

// PostgreSQL's plans depend on its statistics (and, where it vacuums, on the visibility map): a table of thousands of files, analyzed.
describePostgresInOwnDatabase('the list of a user who has received shares', (t) => {
  it("reads their own and their shared files' rows, not everybody's", async () => {
    const erin = await t().client.register();
    const frank = await t().client.register();
    await addFiles(t(), frank.user.id, 3000, 'frank’s filler');
    await uploadOne(t().client, erin.token, { name: 'mine.txt', content: samples.text('mine') });
    const shared = await uploadOne(t().client, frank.token, { name: 'given.txt', content: samples.text('given') });
    expect((await t().client.put(`/api/files/${shared}/share`, { token: frank.token, json: { is_public: false, shared_users: [erin.user.username] } })).status).toBe(200);
    await sql`analyze files`.execute(t().server.ctx.db);

    let files: FileItem[] = [];
    const sent = await statementsDuring(async () => {
      const res = await t().client.get('/api/files', { token: erin.token });
      expect(res.status).toBe(200);
      files = res.body.files;
    });
    expect(files.map((f) => f.original_name).sort()).toEqual(['given.txt', 'mine.txt']);
    const reading = sent.filter((s) => /^select/i.test(s.text) && /from "?files"? (as )?"?f"?\b/i.test(s.text));
    expect(reading.length).toBeGreaterThan(0);
    for (const statement of reading) expect(await filesRowsReadBy(t(), statement), statement.text).toBeLessThan(100);
  });

  it('reads a page of a large account that has received a share along the owner’s sort index, and counts the owner’s files once', async () => {
    const gus = await t().client.register();
    const hal = await t().client.register();
    await addFilesOfTheirOwn(t(), gus.user.id, 3000);
    const given = await uploadOne(t().client, hal.token, { name: 'given.txt', content: samples.text('given to gus') });
    expect((await t().client.put(`/api/files/${given}/share`, { token: hal.token, json: { is_public: false, shared_users: [gus.user.username] } })).status).toBe(200);
    await settleFiles(t());

    for (const query of ['sort_by=original_name&sort_order=asc', 'sort_by=file_size&sort_order=desc&page=2']) {
      let total = 0;
      const sent = await statementsDuring(async () => {
        const res = await t().client.get(`/api/files?${query}`, { token: gus.token });
        expect(res.status).toBe(200);
        total = res.body.total;
      });
      expect(total, query).toBe(3001);
      // As one `or`, the scope was read whole for the count and again, sorted, for the page: over 6,000 rows.
      let read = 0;
      for (const statement of sent.filter((s) => /^select/i.test(s.text) && /from "?files"? (as )?"?f"?\b/i.test(s.text))) read += await filesRowsReadBy(t(), statement);
      expect(read, query).toBeLessThan(3200);
    }
  });

  it('counts and sorts a small scope from its own files, and tests a tag common to other users’ files once, when each user holds a small share of all files', async () => {
    // Twenty users of 500 files each: a scope of about 1 file in 20, whose count reads all of it.
    const users = await Promise.all(Array.from({ length: 20 }, () => t().client.register()));
    for (const user of users) await addFiles(t(), user.user.id, 500, 'filler');
    const [hana, ivan] = users as [(typeof users)[0], (typeof users)[0]];
    const given = await uploadOne(t().client, ivan.token, { name: 'given.txt', content: samples.text('given to hana') });
    expect((await t().client.put(`/api/files/${given}/share`, { token: ivan.token, json: { is_public: false, shared_users: [hana.user.username] } })).status).toBe(200);
    await sql`analyze files`.execute(t().server.ctx.db);

    let total = 0;
    const sent = await statementsDuring(async () => {
      const res = await t().client.get('/api/files?page=3', { token: hana.token });
      expect(res.status).toBe(200);
      total = res.body.total;
    });
    expect(total).toBe(501);
    // Her own files and the shared one read apart, each along its own index, in one statement with the page.
    const reading = sent.filter((s) => /union all/i.test(s.text));
    expect(reading.length).toBe(1);
    // Prepared, as every statement of a listing: parsed once per connection.
    expect(reading[0]!.name).toBeDefined();
    expect(await filesRowsReadBy(t(), reading[0]!)).toBeLessThan(1000);

    // A tag that thousands of other users' files carry (the one shared with her among them): the files carrying it are gathered
    // once, into a hash, not searched along an array for each file of the scope.
    await sql`insert into file_tags (file_id, tag) select id, 'invoice' from files where user_id <> ${hana.user.id}`.execute(t().server.ctx.db);
    const searched = await statementsDuring(async () => {
      const res = await t().client.get('/api/files?search=invoice', { token: hana.token });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(1);
    });
    const search = searched.filter((s) => /count\(\*\) over/i.test(s.text));
    expect(search.length).toBe(1);
    expect(await planOf(t(), search[0]!)).toMatch(/hashed SubPlan/);
  });
});
