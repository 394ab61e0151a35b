import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled.js';
import type { Db } from '../../db/index.js';
import type { FileRow } from '../../db/schema.js';
import { fileAudience } from '../access/audience.js';
import { recordActivity } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';

const countOne = compiledOnce((db: Db, v: { fileId: number }) =>
  db.updateTable('files').set({ download_count: sql`download_count + 1` }).where('id', '=', v.fileId).returning('download_count'),
);

/** Counts one download of the file and logs who took it (null: somebody signed out), and how (`detail`, e.g. a share link). */
export async function recordDownload(ctx: DomainContext, actor: Actor | null, { file, detail }: { file: FileRow; detail?: string }): Promise<void> {
  // Downloads come in bursts: concurrent ones share a commit.
  const count = await ctx.grouped.run(async (trx) => {
    const [updated] = await countOne(trx, { fileId: file.id });
    await recordActivity(trx, { type: 'download', userId: actor?.id ?? null, fileId: file.id, fileName: file.original_name, detail: detail ?? null });
    return updated?.download_count ?? 0;
  });
  await ctx.events.publish({
    event: { type: 'file_downloaded', file_id: file.id, download_count: count, at: new Date().toISOString() },
    audience: await fileAudience(ctx.db, file),
  });
}
