import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * `files.text_id`: the id of the text row of the file's content, null while
 * that content has none. A search maps each matching text to its files
 * through this integer instead of the 64-character content hash, which cost
 * about a microsecond per match on SQLite and a hash join with every file on
 * PostgreSQL.
 *
 * Triggers keep it, so that no write can leave it stale: a file takes the text
 * of its content when it is inserted or its content is replaced (upload,
 * deduplicated upload, new version, restored version), and a text row, when
 * it is inserted (the claim of an extraction, before the text is read), is
 * linked to every file of its content. A text row goes only with its blob,
 * which goes only once no file refers to it, so no file ever points at a
 * missing text; the reference says so.
 *
 * On PostgreSQL a file inserted while another transaction inserts its
 * content's text would see neither the other's row: each trigger first locks
 * the content's blob row (the file's insert in KEY SHARE mode, which its
 * reference check takes anyway; the text's insert FOR UPDATE, which conflicts
 * with it), so the later one waits for the earlier to commit and then reads
 * its row. SQLite runs one writer at a time.
 */
export function fileTextLinks(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table files add column text_id integer references content_texts (id) on delete set null`.execute(db);
      await sql`create index files_text on files (text_id)`.execute(db);
      if (dialect === 'postgres') {
        await sql`create function files_text_link() returns trigger language plpgsql as $$
          begin
            perform 1 from blobs where hash = new.blob_hash for key share;
            new.text_id := (select ct.id from content_texts ct where ct.blob_hash = new.blob_hash);
            return new;
          end $$`.execute(db);
        await sql`create trigger files_text_link before insert or update of blob_hash on files
          for each row execute function files_text_link()`.execute(db);
        await sql`create function content_texts_link_files() returns trigger language plpgsql as $$
          begin
            perform 1 from blobs where hash = new.blob_hash for update;
            update files set text_id = new.id where blob_hash = new.blob_hash;
            return null;
          end $$`.execute(db);
        await sql`create trigger content_texts_link_files after insert on content_texts
          for each row execute function content_texts_link_files()`.execute(db);
        await sql`update files set text_id = ct.id from content_texts ct where ct.blob_hash = files.blob_hash`.execute(db);
        return;
      }
      const textOf = sql`(select ct.id from content_texts ct where ct.blob_hash = new.blob_hash)`;
      await sql`create trigger files_text_insert after insert on files when new.text_id is not ${textOf} begin
        update files set text_id = ${textOf} where id = new.id;
      end`.execute(db);
      await sql`create trigger files_text_update after update of blob_hash on files begin
        update files set text_id = ${textOf} where id = new.id;
      end`.execute(db);
      await sql`create trigger content_texts_link_files after insert on content_texts begin
        update files set text_id = new.id where blob_hash = new.blob_hash;
      end`.execute(db);
      await sql`update files set text_id = (select ct.id from content_texts ct where ct.blob_hash = files.blob_hash)
        where blob_hash in (select blob_hash from content_texts)`.execute(db);
    },
  };
}
