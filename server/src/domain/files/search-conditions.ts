import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { FileSearch } from '@vault/contract';
import type { Dialect } from '../../db/dialect.js';
import { fileHolding, filesHolding, searchWords } from '../texts/text-query.js';

/**
 * What each filter of a file search means in SQL, for both databases and both
 * ways of reaching content (ContentReach); search.ts reads pages and counts
 * with them.
 */
export type Condition = RawBuilder<SqlBool>;

/** Criteria a search applies; scope and paging are separate. */
export type FileFilters = Partial<Omit<FileSearch, 'page' | 'limit' | 'sort_by' | 'sort_order' | 'folder_id' | 'scope' | 'starred'>>;

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** LIKE pattern for a substring, with the user's % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A whole UTC day when only a date is given, so an end date includes that day. */
function dateBound(value: string, end: boolean): number {
  const at = Date.parse(value);
  return DATE_ONLY.test(value) && end ? at + DAY_MS - 1 : at;
}

/**
 * How a search's tests beyond the file's own row (its content, its tags) find
 * their files. From each file: every file of the scope has its own text and
 * tags tested, which costs per file of the scope and reads nothing of other
 * files'. From the matches: the matching texts, or the files carrying the tag
 * (anybody's), are gathered once and the scope's files looked up among them,
 * which costs per match.
 */
export type ContentReach = { from: 'each file' } | { from: 'matches'; scope: Condition };

/** The stored fold of each column a search compares, on PostgreSQL (migration 0280). */
const FOLDED = { original_name: 'name_folded', tag: 'tag_folded' } as const;

/**
 * A name or tag as searches compare it, folded by `lower()`: on PostgreSQL as
 * folded when it was written, which its indexes cover, rather than folded
 * again for each row tested (0.35 µs a row under a libc locale); on SQLite,
 * whose `lower()` folds ASCII alone and costs little, as it is read.
 * `alias` and `column` come from this module, never from a request.
 */
function folded(alias: 'f' | 'st' | 'ft', column: keyof typeof FOLDED, dialect: Dialect): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql.raw(`${alias}.${FOLDED[column]}`) : sql.raw(`lower(${alias}.${column})`);
}

/** A name containing the text (lowered as the pattern is). */
export function nameHolds(pattern: string, dialect: Dialect): Condition {
  return sql<SqlBool>`${folded('f', 'original_name', dialect)} like ${pattern} escape '\\'`;
}

/** The ids of the files with a tag containing the text. */
export function taggedWith(pattern: string, dialect: Dialect): RawBuilder<unknown> {
  return sql`select st.file_id from file_tags st where ${folded('st', 'tag', dialect)} like ${pattern} escape '\\'`;
}

/**
 * Whether tags are tested on each file's own (SQLite, from each file) rather
 * than by gathering the files carrying them, anybody's, once per statement.
 * PostgreSQL keeps the gathered form: with a subquery per row, its mixed
 * load ran at 60 requests/s instead of 135.
 */
function ownTags(reach: ContentReach, dialect: Dialect): boolean {
  return reach.from === 'each file' && dialect === 'sqlite';
}

/**
 * A file carrying a tag that contains the text: its own tags (ownTags), or
 * its id among the files whose tags match. On PostgreSQL, from each file,
 * those ids are an `IN` of the subquery, which it hashes once per statement:
 * as an array (idAmong) each file's id was looked for along the whole array,
 * 9 to 15 ms for a scope of 500 files when 5,000 files of all users carried
 * the tag, against 3.
 */
function taggedWithin(pattern: string, dialect: Dialect, reach: ContentReach): Condition {
  if (ownTags(reach, dialect)) return sql<SqlBool>`exists (select 1 from file_tags st where st.file_id = f.id and ${folded('st', 'tag', dialect)} like ${pattern} escape '\\')`;
  return amongTagged(taggedWith(pattern, dialect), dialect, reach);
}

/**
 * File `f` among the files a subquery of tags selects, anybody's: from each
 * file an `IN`, from the matches their ids gathered once (idAmong). A tag
 * filter's count of 100,000 files, 10,000 of them tagged, took 26 ms as an
 * `IN` on PostgreSQL (every file of the scope read and hashed) and 15 as ids.
 */
function amongTagged(files: RawBuilder<unknown>, dialect: Dialect, reach: ContentReach): Condition {
  return reach.from === 'each file' ? sql<SqlBool>`f.id in (${files})` : idAmong(files, dialect);
}

/** A name or tag containing the text: the file's own name, or a tag it carries. */
export function nameOrTag(text: string, dialect: Dialect, reach: ContentReach): Condition {
  const pattern = containsPattern(text);
  return sql<SqlBool>`(${nameHolds(pattern, dialect)} or ${taggedWithin(pattern, dialect, reach)})`;
}

/**
 * A name or tag containing the text, or content holding its words (the last
 * one as a word's beginning): the content arm is one more `or`.
 */
export function containsText(text: string, dialect: Dialect, reach: ContentReach): Condition {
  const words = searchWords(text);
  if (words.length === 0) return nameOrTag(text, dialect, reach);
  const content = reach.from === 'each file' ? fileHolding(words, dialect) : idAmong(filesHolding(words, dialect, reach.scope), dialect);
  return sql<SqlBool>`(${nameOrTag(text, dialect, reach)} or ${content})`;
}

/**
 * The file's id among those a subquery selects. SQLite walks the scope's
 * files and looks each up in the subquery's result (fast enough). On
 * PostgreSQL, `IN (subquery)` beside an `or` could use no index, so every
 * search would read and test every file of the scope; as an array computed
 * once, the ids are read through the primary key, and the planner can join
 * them with the trigram index of names (a BitmapOr), or walk a sort's index
 * and stop at the page's last match.
 */
export function idAmong(ids: RawBuilder<unknown>, dialect: Dialect): Condition {
  return dialect === 'postgres' ? sql<SqlBool>`f.id = any(array(${ids}))` : sql<SqlBool>`f.id in (${ids})`;
}

export function filterConditions(f: FileFilters, dialect: Dialect, reach: ContentReach): Condition[] {
  const where: Condition[] = [];
  if (f.search) where.push(containsText(f.search, dialect, reach));
  if (f.mime_type) {
    where.push(
      f.mime_type.endsWith('/*')
        ? sql<SqlBool>`f.mime_type like ${`${f.mime_type.slice(0, -1).replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`
        : sql<SqlBool>`f.mime_type = ${f.mime_type}`,
    );
  }
  if (f.min_size !== undefined) where.push(sql<SqlBool>`f.file_size >= ${f.min_size}`);
  if (f.max_size !== undefined) where.push(sql<SqlBool>`f.file_size <= ${f.max_size}`);
  if (f.start_date) where.push(sql<SqlBool>`f.created_at >= ${dateBound(f.start_date, false)}`);
  if (f.end_date) where.push(sql<SqlBool>`f.created_at <= ${dateBound(f.end_date, true)}`);
  for (const tag of f.tags ?? []) {
    const tagged = sql<SqlBool>`${folded('ft', 'tag', dialect)} = ${tag.toLowerCase()}`;
    where.push(
      ownTags(reach, dialect)
        ? sql<SqlBool>`exists (select 1 from file_tags ft where ft.file_id = f.id and ${tagged})`
        : amongTagged(sql`select ft.file_id from file_tags ft where ${tagged}`, dialect, reach),
    );
  }
  if (f.uploader) {
    where.push(sql<SqlBool>`f.user_id in (select id from users where lower(username) = ${f.uploader.toLowerCase()})`);
  }
  return where;
}
