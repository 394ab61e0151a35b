import { activityTypeSchema, type ActivityRow, type ActivityType } from '@vault/contract';
import { isoTime, type Db } from '../../db/index.js';
import { chunks } from '../../db/chunks.js';

export interface ActivityEntry {
  type: ActivityType;
  userId: number | null;
  fileId?: number | null;
  fileName?: string | null;
  detail?: string | null;
}

/** Appends to the audit log; pass the transaction that makes the change it records. */
export async function recordActivity(db: Db, entry: ActivityEntry, at = Date.now()): Promise<void> {
  await recordActivities(db, [entry], at);
}

export async function recordActivities(db: Db, entries: ActivityEntry[], at = Date.now()): Promise<void> {
  for (const part of chunks(entries)) {
    await db
      .insertInto('activity')
      .values(
        part.map((entry) => ({
          type: entry.type,
          user_id: entry.userId,
          file_id: entry.fileId ?? null,
          file_name: entry.fileName ?? null,
          detail: entry.detail ?? null,
          at,
        })),
      )
      .execute();
  }
}

/** The audit log, newest first; `before` (an activity id) pages back in time. */
export async function listActivity(db: Db, page: { limit: number; before?: number | undefined }): Promise<ActivityRow[]> {
  let query = db
    .selectFrom('activity as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.type', 'a.file_name', 'a.file_id', 'u.username', 'a.at', 'a.detail'])
    .orderBy('a.id', 'desc')
    .limit(page.limit);
  if (page.before !== undefined) query = query.where('a.id', '<', page.before);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    type: activityTypeSchema.parse(r.type),
    file_name: r.file_name,
    file_id: r.file_id,
    username: r.username,
    date: isoTime(r.at),
    detail: r.detail,
  }));
}
