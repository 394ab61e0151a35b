import type { ActivityType } from '@vault/contract';
import type { Db } from '../db/index.js';

export interface ActivityEntry {
  type: ActivityType;
  userId: number | null;
  fileId?: number | null;
  fileName?: string | null;
  detail?: string | null;
}

/** Appends to the audit log; pass the transaction that makes the change it records. */
export async function recordActivity(db: Db, entry: ActivityEntry, at = Date.now()): Promise<void> {
  await db
    .insertInto('activity')
    .values({
      type: entry.type,
      user_id: entry.userId,
      file_id: entry.fileId ?? null,
      file_name: entry.fileName ?? null,
      detail: entry.detail ?? null,
      at,
    })
    .execute();
}
