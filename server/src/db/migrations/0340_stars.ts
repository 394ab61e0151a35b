import type { Kysely, Migration } from 'kysely';

/**
 * Stars: each user's own marks on files and folders they may read. The
 * primary key (user, item) answers "is it starred" for a page's rows and
 * lists a user's stars; the index by item lets a cascade find an item's
 * stars when the item goes for good. Rows go with the item and the user.
 */
export function stars(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('file_stars')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('file_stars_pk', ['user_id', 'file_id'])
        .execute();
      await db.schema.createIndex('file_stars_file').on('file_stars').column('file_id').execute();
      await db.schema
        .createTable('folder_stars')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('folder_id', 'integer', (c) => c.notNull().references('folders.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('folder_stars_pk', ['user_id', 'folder_id'])
        .execute();
      await db.schema.createIndex('folder_stars_folder').on('folder_stars').column('folder_id').execute();
    },
  };
}
