import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * SQLite's counterpart of 0101's trigram index, for the count of a name
 * search (domain/files/search.ts): without it the count tested the name of
 * every file of the scope (about 10 ms per 100,000 files, however few
 * matched). An FTS5 trigram table over each file's lowered name, its rowid the
 * file's id, finds the files whose name holds a text of three characters or
 * more through the index alone; `case_sensitive 1` leaves the folding to
 * `lower()`, as the LIKE it stands for does. Contentless, so names are not
 * stored twice; triggers keep it in step with every write of a name.
 */
export function searchNameTrigrams(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') return;
      await sql`create virtual table files_name_trigrams using fts5(name, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`.execute(db);
      await sql`insert into files_name_trigrams (rowid, name) select id, lower(original_name) from files`.execute(db);
      await sql`create trigger files_name_trigrams_insert after insert on files begin
        insert into files_name_trigrams (rowid, name) values (new.id, lower(new.original_name));
      end`.execute(db);
      await sql`create trigger files_name_trigrams_rename after update of original_name on files begin
        delete from files_name_trigrams where rowid = old.id;
        insert into files_name_trigrams (rowid, name) values (new.id, lower(new.original_name));
      end`.execute(db);
      await sql`create trigger files_name_trigrams_delete after delete on files begin
        delete from files_name_trigrams where rowid = old.id;
      end`.execute(db);
    },
  };
}
