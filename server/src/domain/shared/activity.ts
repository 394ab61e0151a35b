import type { ActivityDetail, ActivityType, ActivityVia } from '@vault/contract';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.js';
import { compiledOnce } from '../../db/compiled.js';
import type { ActivityTable } from '../../db/schema.js';
import { chunks } from '../../db/chunks.js';

/** How a download reads in the audit log, besides who took it. */
export type DownloadAudit = Pick<DownloadEntry, 'detail' | 'via'>;

export interface ActivityEntry {
  type: ActivityType;
  userId: number | null;
  fileId?: number | null;
  fileName?: string | null;
  detail?: ActivityDetail | null;
  via?: ActivityVia | null;
}

/** A download to count and log: the file taken, and who took it and how (`detail`, e.g. a version; `via`, a share link), for its audit entry. */
export interface DownloadEntry {
  fileId: number;
  fileName: string;
  userId: number | null;
  detail: ActivityDetail | null;
  via: ActivityVia | null;
}

/** Appends to the audit log; pass the transaction that makes the change it records. */
export async function recordActivity(db: Db, entry: ActivityEntry, at = Date.now()): Promise<void> {
  await recordActivities(db, [entry], at);
}

/** Most changes log one entry: its statement is compiled once. */
const insertOne = compiledOnce((db: Db, v: Insertable<ActivityTable>) => db.insertInto('activity').values(v));

/** Appends a row already made (see activityRow). */
export async function recordActivityRow(db: Db, row: Insertable<ActivityTable>): Promise<void> {
  await insertOne(db, row);
}

export async function recordActivities(db: Db, entries: ActivityEntry[], at = Date.now()): Promise<void> {
  if (entries.length === 1) return recordActivityRow(db, activityRow(entries[0]!, at));
  for (const part of chunks(entries)) {
    await db
      .insertInto('activity')
      .values(part.map((entry) => activityRow(entry, at)))
      .execute();
  }
}

/** The columns that keep how a transfer without an account came. */
export type ViaColumns = Required<Pick<Insertable<ActivityTable>, 'via' | 'via_link_id' | 'via_label' | 'visitor'>>;

export function viaColumns(via: ActivityVia | null | undefined): ViaColumns {
  return { via: via?.kind ?? null, via_link_id: via?.link_id ?? null, via_label: via?.label ?? null, visitor: via?.visitor ?? null };
}

/** The columns that keep an entry's detail: in English, and by its id and values. */
export type DetailColumns = Required<Pick<Insertable<ActivityTable>, 'detail' | 'detail_code' | 'detail_params'>>;

export function detailColumns(detail: ActivityDetail | null | undefined): DetailColumns {
  return { detail: detail?.text ?? null, detail_code: detail?.code ?? null, detail_params: detail ? JSON.stringify(detail.params) : null };
}

/** The audit log's row of an entry. */
export function activityRow(entry: ActivityEntry, at: number): Insertable<ActivityTable> {
  return {
    type: entry.type,
    user_id: entry.userId,
    file_id: entry.fileId ?? null,
    file_name: entry.fileName ?? null,
    ...detailColumns(entry.detail),
    ...viaColumns(entry.via),
    at,
  };
}
