import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The text of stored content (domain/texts/), one row per blob, so content
 * shared by many files is read once. The row is also the claim that keeps
 * several instances from extracting the same content, and goes with its blob
 * (on delete cascade). Searched through a full-text index: an FTS5 table kept
 * in step by triggers on SQLite, a generated tsvector under a GIN index on
 * PostgreSQL. Both use no language rules ('simple', unicode61), so names and
 * codes match as typed.
 */
export function contentTexts(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('content_texts')
        .addColumn('id', dialect === 'sqlite' ? 'integer' : 'serial', (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('blob_hash', 'text', (c) => c.notNull().unique().references('blobs.hash').onDelete('cascade'))
        .addColumn('body', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('claim_token', 'text')
        .addColumn('claimed_until', 'bigint')
        .addColumn('failure', 'text')
        .addColumn('extracted_at', 'bigint')
        .execute();
      if (dialect === 'postgres') {
        // Stripped of positions: nothing ranks or searches phrases, and the vector stays small.
        await sql`alter table content_texts add column body_vector tsvector generated always as (strip(to_tsvector('simple', coalesce(body, '')))) stored`.execute(db);
        await sql`create index content_texts_body_vector on content_texts using gin (body_vector)`.execute(db);
        return;
      }
      await sql`create virtual table content_texts_fts using fts5(body, content='content_texts', content_rowid='id', tokenize='unicode61 remove_diacritics 0')`.execute(db);
      await sql`create trigger content_texts_fts_insert after insert on content_texts begin
        insert into content_texts_fts (rowid, body) values (new.id, new.body);
      end`.execute(db);
      await sql`create trigger content_texts_fts_delete after delete on content_texts begin
        insert into content_texts_fts (content_texts_fts, rowid, body) values ('delete', old.id, old.body);
      end`.execute(db);
      await sql`create trigger content_texts_fts_update after update of body on content_texts begin
        insert into content_texts_fts (content_texts_fts, rowid, body) values ('delete', old.id, old.body);
        insert into content_texts_fts (rowid, body) values (new.id, new.body);
      end`.execute(db);
    },
  };
}
