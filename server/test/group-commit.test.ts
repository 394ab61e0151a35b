import { expect, it } from 'vitest';
import { recordActivity } from '../src/domain/shared/activity.js';
import { countRows } from './helpers/files.js';
import { describeEachDb } from './helpers/server.js';

describeEachDb('group commit of small writes', (t) => {
  it('commits every write of a burst, each caller getting its own result, and fails only the write that threw', async () => {
    const { grouped } = t().server.ctx;
    const before = await countRows(t(), 'activity');
    const writes = Array.from({ length: 40 }, (_, i) =>
      grouped.run(async (trx) => {
        if (i === 17) throw new Error('refused');
        await recordActivity(trx, { type: 'download', userId: null, fileName: `burst-${i}` });
        return i;
      }),
    );
    const results = await Promise.allSettled(writes);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual(
      Array.from({ length: 40 }, (_, i) => (i === 17 ? 'failed' : i)),
    );
    expect(await countRows(t(), 'activity')).toBe(before + 39);
  });
});
