import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { collectBlob, sweepStrayObjects } from './gc.js';
import type { ObjectStore } from './object-store.js';
import { accountingFindings, thumbnailFindings } from './verify.js';

/** One change `verify --repair` made. */
export type Repair =
  | { kind: 'ref_count'; hash: string; from: number; to: number }
  | { kind: 'blob_collected'; hash: string }
  | { kind: 'used_bytes'; userId: number; username: string; from: number; to: number }
  | { kind: 'stray_removed'; key: string }
  | { kind: 'text_unlinked'; fileId: number }
  | { kind: 'thumbnail_dropped'; hash: string; key: string };

export function describeRepair(r: Repair): string {
  switch (r.kind) {
    case 'ref_count':
      return `repaired ref_count: blob ${r.hash} ${r.from} -> ${r.to}`;
    case 'blob_collected':
      return `collected blob ${r.hash}: no file or version refers to it`;
    case 'used_bytes':
      return `repaired used_bytes: user ${r.userId} (${r.username}) ${r.from} -> ${r.to}`;
    case 'stray_removed':
      return `removed stray object ${r.key}`;
    case 'text_unlinked':
      return `unlinked file ${r.fileId} from another content's text: its own is read by the next maintenance pass (or vault gc)`;
    case 'thumbnail_dropped':
      return `dropped the thumbnail of content ${r.hash} whose object ${r.key} is gone: it is drawn again when next shown`;
  }
}

/**
 * Each wrong ref_count and used_bytes recounted from the rows, in one
 * statement each (so a change racing with it is counted too); a blob that no
 * file refers to any more is collected.
 */
export async function repairCounts(db: Db, store: ObjectStore, onRepair: (r: Repair) => void): Promise<void> {
  for (const finding of await accountingFindings(db)) {
    if (finding.kind === 'ref_count') {
      const row = await db
        .updateTable('blobs')
        .set({ ref_count: sql<number>`(select count(*) from content_refs f where f.blob_hash = blobs.hash)` })
        .where('hash', '=', finding.hash)
        .returning('ref_count')
        .executeTakeFirst();
      if (!row) continue;
      onRepair({ kind: 'ref_count', hash: finding.hash, from: finding.recorded, to: Number(row.ref_count) });
      if (Number(row.ref_count) === 0 && (await collectBlob(db, store, finding.hash))) onRepair({ kind: 'blob_collected', hash: finding.hash });
    } else if (finding.kind === 'used_bytes') {
      const row = await db
        .updateTable('users')
        .set({
          used_bytes: sql<number>`(select coalesce(sum(b.size), 0) from blobs b where exists (select 1 from content_refs f where f.user_id = users.id and f.blob_hash = b.hash))`,
        })
        .where('id', '=', finding.userId)
        .returning('used_bytes')
        .executeTakeFirst();
      if (row) onRepair({ kind: 'used_bytes', userId: finding.userId, username: finding.username, from: finding.recorded, to: Number(row.used_bytes) });
    }
  }
}

/**
 * Files linked to another content's text (textLinkFindings) lose the link: an
 * unlinked file is one whose own text is still to be read, which maintenance
 * finds and reads for it.
 */
async function unlinkForeignTexts(db: Db, onRepair: (r: Repair) => void): Promise<void> {
  const rows = await db
    .updateTable('files')
    .set({ text_id: null })
    .where(({ exists, selectFrom }) => exists(selectFrom('content_texts as t').select('t.id').whereRef('t.id', '=', 'files.text_id').whereRef('t.blob_hash', '<>', 'files.blob_hash')))
    .returning('id')
    .execute();
  for (const row of rows) onRepair({ kind: 'text_unlinked', fileId: row.id });
}

/** Thumbnails whose object is gone lose their row, so the next view draws them again. */
async function dropLostThumbnails(db: Db, store: ObjectStore, onRepair: (r: Repair) => void): Promise<void> {
  for await (const lost of thumbnailFindings(db, store)) {
    const gone = await db.deleteFrom('derived_objects').where('storage_key', '=', lost.key).executeTakeFirst();
    if (Number(gone.numDeletedRows) > 0) onRepair({ kind: 'thumbnail_dropped', hash: lost.hash, key: lost.key });
  }
}

/**
 * What can be repaired without losing anything: the counts (repairCounts),
 * files linked to another content's text, thumbnails whose object is gone
 * (drawn again), and objects that belong to nothing, once older than the
 * grace period.
 * Missing or corrupt objects cannot be repaired here: their files need the
 * content back (a backup, or the same file uploaded again).
 */
export async function repairStorage(db: Db, store: ObjectStore, graceMs: number, onRepair: (r: Repair) => void): Promise<void> {
  await repairCounts(db, store, onRepair);
  await unlinkForeignTexts(db, onRepair);
  await dropLostThumbnails(db, store, onRepair);
  await sweepStrayObjects(db, store, graceMs, Date.now(), (key) => onRepair({ kind: 'stray_removed', key }));
}
