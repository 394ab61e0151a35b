import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { dialectOf } from '../../db/dialect.js';
import { idsOfJson } from '../../db/read-then.js';
import type { FileRow } from '../../db/schema.js';
import { fileAudience } from '../access/audience.js';
import { recordActivities, type DownloadAudit, type DownloadEntry } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';

/** Counts one download of the file and logs who took it (null: somebody signed out), and how (`audit`: a version, a share link). */
export async function recordDownload(ctx: DomainContext, actor: Actor | null, file: FileRow, audit: DownloadAudit): Promise<void> {
  const count = await ctx.downloads.run({ fileId: file.id, fileName: file.original_name, userId: actor?.id ?? null, ...audit });
  await ctx.events.publish({
    event: { type: 'file_downloaded', file_id: file.id, download_count: count, at: new Date().toISOString() },
    audience: await fileAudience(ctx.db, file),
  });
}

/**
 * A burst of downloads (ctx.downloads' batch) in two statements whatever its
 * size: every file's count raised by its downloads in the burst, in one
 * UPDATE over the ids as a JSON array, and their audit entries in one
 * INSERT. On PostgreSQL each was a round trip: a batch of a hundred
 * downloads took two hundred, one after the other, while the next batch
 * waited. Answers each download's count as if they had been counted one by
 * one, in order.
 */
export async function countDownloads(trx: Db, entries: DownloadEntry[]): Promise<number[]> {
  const ids = JSON.stringify(entries.map((e) => e.fileId));
  const { rows } = await sql<{ id: number; download_count: number }>`update files set download_count = download_count + c.n
    from (select id, count(*) as n from (${idsOfJson(ids, dialectOf(trx))}) i group by id) c
    where files.id = c.id returning files.id, files.download_count`.execute(trx);
  await recordActivities(trx, entries.map((e) => ({ type: 'download', userId: e.userId, fileId: e.fileId, fileName: e.fileName, detail: e.detail, via: e.via })));
  const after = new Map(rows.map((r) => [Number(r.id), Number(r.download_count)]));
  const later = new Map<number, number>();
  const counts: number[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const id = entries[i]!.fileId;
    const following = later.get(id) ?? 0;
    counts[i] = (after.get(id) ?? 0) - following;
    later.set(id, following + 1);
  }
  return counts;
}
