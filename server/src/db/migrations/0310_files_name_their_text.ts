import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * PostgreSQL: a file inserted with its `text_id` given keeps it, and a new
 * text row leaves the files already linked to it alone. An upload of small
 * text content writes the content's text row and its first file in one
 * statement (domain/uploads/commit-upload.ts), whose triggers cannot see each
 * other's rows: the file names the text itself. Linking it again would
 * update the file's row, and `text_id` is indexed, so every index of `files`
 * would take a new entry. Updates of a file's content still look its text up,
 * as every insert that names none. SQLite runs each statement's triggers
 * after the statements before it, and its triggers already skip a file
 * linked right.
 */
export function filesNameTheirText(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`create or replace function files_text_link() returns trigger language plpgsql as $$
        begin
          perform 1 from blobs where hash = new.blob_hash for key share;
          if tg_op = 'INSERT' and new.text_id is not null then
            return new;
          end if;
          new.text_id := (select ct.id from content_texts ct where ct.blob_hash = new.blob_hash);
          return new;
        end $$`.execute(db);
      await sql`create or replace function content_texts_link_files() returns trigger language plpgsql as $$
        begin
          perform 1 from blobs where hash = new.blob_hash for update;
          update files set text_id = new.id where blob_hash = new.blob_hash and text_id is distinct from new.id;
          return null;
        end $$`.execute(db);
    },
  };
}
