import { sql, type Kysely, type Migration } from 'kysely';

export function userUsedBytes(): Migration {
  return {
    // What each user is charged, kept with every change instead of summed on every upload.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('used_bytes', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      await sql`update users set used_bytes = (select coalesce(sum(b.size), 0) from blobs b
        where b.hash in (select f.blob_hash from files f where f.user_id = users.id))`.execute(db);
    },
  };
}
