import { sql, type Kysely, type Migration } from 'kysely';

/**
 * File names stay unique per folder among live files only (see 0140_trash):
 * the index made by 0145 becomes partial, so a trashed "notes.txt" never
 * blocks a new one. Numbered after 0145, whose index it replaces, so that a
 * fresh installation runs it after that one.
 */
export function trashFileNames(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('files_sibling_name').execute();
      await db.schema
        .createIndex('files_sibling_name')
        .unique()
        .on('files')
        .expression(sql`user_id, coalesce(folder_id, 0), lower(original_name)`)
        .where(sql.ref('trashed_at'), 'is', null)
        .execute();
    },
  };
}
