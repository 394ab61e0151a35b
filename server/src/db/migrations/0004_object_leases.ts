import type { Kysely, Migration } from 'kysely';

/**
 * One row per object being written or held by a writer that has not yet
 * committed it to a blob: the stray sweep keeps any object with a row here.
 * The writer registers the key before its first byte and pushes expires_at
 * forward as bytes arrive (see storage/leases.ts).
 */
export function objectLeases(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('object_leases')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('object_leases_expires').on('object_leases').column('expires_at').execute();
    },
  };
}
