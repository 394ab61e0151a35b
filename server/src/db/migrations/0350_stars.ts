import type { Kysely, Migration } from 'kysely';

/** One kind's stars: the user and the item, both cascading, and when it was starred. */
async function starTable(db: Kysely<unknown>, table: 'file_stars' | 'folder_stars', item: 'file_id' | 'folder_id', items: 'files' | 'folders'): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn(item, 'integer', (c) => c.notNull().references(`${items}.id`).onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${table}_pk`, ['user_id', item])
    .execute();
  await db.schema.createIndex(`${table}_${items === 'files' ? 'file' : 'folder'}`).on(table).column(item).execute();
}

/**
 * Stars: each user's own marks on files and folders they may read. The
 * primary key (user, item) answers "is it starred" for a page's rows and
 * lists a user's stars; the index by item lets a cascade find an item's
 * stars when the item goes for good. Rows go with the item and the user.
 */
export function stars(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await starTable(db, 'file_stars', 'file_id', 'files');
      await starTable(db, 'folder_stars', 'folder_id', 'folders');
    },
  };
}
