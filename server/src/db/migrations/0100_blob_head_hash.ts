import type { Kysely, Migration } from 'kysely';

/**
 * The SHA-256 of a blob's first MiB (null for smaller blobs and for those
 * stored before this column). An upload whose head matches content its owner
 * already has is likely a copy to be dropped, and is kept off the disk until
 * its full hash says so; blobs without it are simply never matched early.
 */
export function blobHeadHash(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('blobs').addColumn('head_hash', 'text').execute();
      await db.schema.createIndex('blobs_head_hash').on('blobs').column('head_hash').execute();
    },
  };
}
