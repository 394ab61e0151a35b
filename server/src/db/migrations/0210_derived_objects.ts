import type { Kysely, Migration } from 'kysely';

/**
 * Objects made from a blob's content (a thumbnail today), one per blob and
 * kind. They live and die with their blob: the reference to blobs keeps a row
 * from outliving it, and collecting the blob removes them first. They are
 * never part of anyone's quota.
 */
export function derivedObjects(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('derived_objects')
        .addColumn('blob_hash', 'text', (c) => c.notNull().references('blobs.hash'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull().unique())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('mime_type', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('derived_objects_pk', ['blob_hash', 'kind'])
        .execute();
    },
  };
}
