import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Trash: a deleted file or folder keeps its row with `trashed_at` set, and
 * everything a folder's deletion took along names that folder in
 * `trashed_with` (null for the item deleted itself), so restoring the folder
 * brings back exactly what went with it. Folder names stay unique among live
 * folders only: the sibling-name index becomes partial, so a trashed folder
 * never blocks a new one of its name (file names: 0148, which must follow
 * the index it replaces, made by 0145).
 */
export function trash(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['files', 'folders']) {
        await db.schema.alterTable(table).addColumn('trashed_at', 'bigint').execute();
        await db.schema.alterTable(table).addColumn('trashed_with', 'integer').execute();
        await db.schema.createIndex(`${table}_trashed`).on(table).columns(['user_id', 'trashed_at']).where(sql.ref('trashed_at'), 'is not', null).execute();
        await db.schema.createIndex(`${table}_trashed_with`).on(table).column('trashed_with').where(sql.ref('trashed_with'), 'is not', null).execute();
      }
      await db.schema.dropIndex('folders_sibling_name').execute();
      await db.schema
        .createIndex('folders_sibling_name')
        .unique()
        .on('folders')
        .expression(sql`user_id, coalesce(parent_id, 0), lower(name)`)
        .where(sql.ref('trashed_at'), 'is', null)
        .execute();
    },
  };
}
