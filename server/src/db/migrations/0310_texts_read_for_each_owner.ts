import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * A file takes its content's text, when inserted or given new content, only
 * when that text is not read yet (the reading will serve every file of the
 * content), or when its owner already has a file linked to it. Otherwise the
 * text was read for somebody else, and linking the file at once would tell
 * its owner so: a content search would find the file the moment it was
 * uploaded, where new content becomes searchable only once read, and the
 * server would do less work after the upload (the reading) than for new
 * content, which shows in the time of the requests around it. Such a file
 * stays unlinked until the content is read again for it (texts/claims.ts,
 * which the upload queues and the maintenance pass finds), taking as long as
 * a first reading. An update that leaves the content as it was keeps the link.
 */
export function textsReadForEachOwner(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`create or replace function files_text_link() returns trigger language plpgsql as $$
          begin
            if tg_op = 'UPDATE' and new.blob_hash = old.blob_hash then
              return new;
            end if;
            perform 1 from blobs where hash = new.blob_hash for key share;
            new.text_id := (select ct.id from content_texts ct where ct.blob_hash = new.blob_hash
              and (ct.extracted_at is null or exists (select 1 from files o
                where o.user_id = new.user_id and o.blob_hash = new.blob_hash and o.text_id = ct.id and o.id <> new.id)));
            return new;
          end $$`.execute(db);
        return;
      }
      const readable = sql`(select ct.id from content_texts ct where ct.blob_hash = new.blob_hash
        and (ct.extracted_at is null or exists (select 1 from files o
          where o.user_id = new.user_id and o.blob_hash = new.blob_hash and o.text_id = ct.id and o.id <> new.id)))`;
      await sql`drop trigger files_text_insert`.execute(db);
      await sql`drop trigger files_text_update`.execute(db);
      await sql`create trigger files_text_insert after insert on files when new.text_id is not ${readable} begin
        update files set text_id = ${readable} where id = new.id;
      end`.execute(db);
      await sql`create trigger files_text_update after update of blob_hash on files when new.blob_hash is not old.blob_hash begin
        update files set text_id = ${readable} where id = new.id;
      end`.execute(db);
    },
  };
}
