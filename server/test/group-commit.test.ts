import { expect, it } from 'vitest';
import { createGroupCommit } from '../src/db/group-commit.js';
import type { Db } from '../src/db/index.js';
import { recordActivities } from '../src/domain/shared/activity.js';
import { countRows, samples, settled, uploadOne } from './helpers/files.js';
import { describeEachDb } from './helpers/server.js';
import { statementsDuring } from './helpers/pg-statements.js';

describeEachDb('group commit of small writes', (t, db) => {
  it('commits every write of a burst, each caller getting its own result, and fails only the write that threw', async () => {
    const { db, dialect } = t().server.ctx;
    const batches: number[] = [];
    // One statement for the batch, refused whole when it holds the write that throws.
    const writeAll = async (trx: Db, items: number[]) => {
      batches.push(items.length);
      if (items.includes(17)) throw new Error('refused');
      await recordActivities(trx, items.map((i) => ({ type: 'download', userId: null, fileName: `burst-${i}` })));
      return items;
    };
    const grouped = createGroupCommit(db, dialect, writeAll);
    const before = await countRows(t(), 'activity');
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => grouped.run(i)));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual(Array.from({ length: 40 }, (_, i) => (i === 17 ? 'failed' : i)));
    expect(await countRows(t(), 'activity')).toBe(before + 39);
    // The first call ran alone, the 39 that came while it committed together (then each alone, once refused).
    expect(batches.slice(0, 2)).toEqual([1, 39]);
  });

  it('counts a burst of downloads of several files as one by one, each answered its own count', async () => {
    const { token, user } = await t().client.register();
    const ids: number[] = [];
    for (const name of ['a.txt', 'b.txt', 'c.txt']) ids.push(await uploadOne(t().client, token, { name, content: samples.text() }));
    // The texts of the uploads are read after their responses: not among the statements counted.
    await settled(t());
    const { downloads } = t().server.ctx;
    const before = await countRows(t(), 'activity');
    const taken = Array.from({ length: 30 }, (_, i) => ids[i % 3]!);
    let counts: number[] = [];
    const sent = await statementsDuring(async () => {
      counts = await Promise.all(taken.map((fileId) => downloads.run({ fileId, fileName: 'x', userId: user.id, detail: null, via: null })));
    });
    // Two batches (the first call alone, the rest together), each one UPDATE of the counts and
    // one INSERT of the audit rows. Told apart by their text: the server's maintenance may run meanwhile.
    if (db === 'postgres') {
      const of = (start: string) => sent.filter((s) => s.text.startsWith(start)).length;
      expect(of('update files set download_count')).toBeLessThanOrEqual(2);
      expect(of('insert into "activity"')).toBeLessThanOrEqual(2);
    }
    for (const id of ids) {
      expect(counts.filter((_, i) => taken[i] === id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const row = await t().server.ctx.db.selectFrom('files').select('download_count').where('id', '=', id).executeTakeFirstOrThrow();
      expect(Number(row.download_count)).toBe(10);
    }
    expect(await countRows(t(), 'activity')).toBe(before + 30);
  });
});
