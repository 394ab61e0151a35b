import { describe, expect, it } from 'vitest';
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/dialect.js';
import { containsPattern, filterConditions, type ContentReach, type FileFilters } from './search-conditions.js';

/** Compiles conditions to SQL text and parameters without a database. */
const compiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

const EACH_FILE: ContentReach = { from: 'each file' };

function compiled(filters: FileFilters, dialect: Dialect = 'sqlite', reach: ContentReach = EACH_FILE) {
  return filterConditions(filters, dialect, reach).map((c) => {
    const { sql: text, parameters } = sql`${c}`.compile(compiler);
    return { text: text.replace(/\s+/g, ' '), parameters };
  });
}

const DAY_MS = 86_400_000;

describe('containsPattern', () => {
  it('matches the text anywhere, ignoring case', () => {
    expect(containsPattern('Report')).toBe('%report%');
  });

  it("takes the user's % _ and \\ literally", () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('filterConditions', () => {
  it('adds no condition when no filter is set', () => {
    expect(compiled({})).toEqual([]);
  });

  it('searches names and tags with one pattern, and each file\'s own tags and content for its words', () => {
    const [search] = compiled({ search: 'Tax' });
    expect(search!.text).toContain('lower(f.original_name) like ?');
    expect(search!.text).toContain('or exists (select 1 from file_tags st where st.file_id = f.id and lower(st.tag) like ?');
    expect(search!.text).toContain('or +f.text_id in (select rowid from content_texts_fts where content_texts_fts match ?)');
    expect(search!.parameters).toEqual(['%tax%', '%tax%', '"tax"*']);
  });

  it('on PostgreSQL, tests names and tags as folded when written, and each file\'s own vector, and looks each file up among the tag matches gathered once (a hashed IN)', () => {
    const [search] = compiled({ search: 'Tax' }, 'postgres');
    expect(search!.text).toContain('(f.name_folded like ?');
    expect(search!.text).toContain('or f.id in (select st.file_id from file_tags st where st.tag_folded like ?');
    expect(compiled({ tags: ['Work'] }, 'postgres')[0]!.text).toBe('f.id in (select ft.file_id from file_tags ft where ft.tag_folded = ?)');
    expect(search!.text).toContain(`or (select ct.body_vector from content_texts ct where ct.id = f.text_id) @@ to_tsquery('simple', ?)`);
    expect(search!.parameters).toEqual(['%tax%', '%tax%', "'tax':*"]);
  });

  it('from the matches, joins the matching texts to the files of the scope alone, through the files\' integer link to their text', () => {
    const reach: ContentReach = { from: 'matches', scope: sql<SqlBool>`f.user_id = ${7}` };
    const [onSqlite] = compiled({ search: 'Tax' }, 'sqlite', reach);
    expect(onSqlite!.text).toContain(
      'or f.id in (select f.id from (select rowid as id from content_texts_fts where content_texts_fts match ?) h join files f on f.text_id = h.id where f.user_id = ?)',
    );
    expect(onSqlite!.parameters).toEqual(['%tax%', '%tax%', '"tax"*', 7]);
    const [onPostgres] = compiled({ search: 'Tax' }, 'postgres', reach);
    expect(onPostgres!.text).toContain(
      "or f.id = any(array(select f.id from files f where f.text_id = any(array(select ct.id from content_texts ct where ct.body_vector @@ to_tsquery('simple', ?))) and f.user_id = ?))",
    );
  });

  it('reads a type family ending in /* as a prefix, and any other type exactly', () => {
    expect(compiled({ mime_type: 'image/*' })).toEqual([{ text: "f.mime_type like ? escape '\\'", parameters: ['image/%'] }]);
    expect(compiled({ mime_type: 'application/pdf' })).toEqual([{ text: 'f.mime_type = ?', parameters: ['application/pdf'] }]);
  });

  it('bounds sizes inclusively', () => {
    expect(compiled({ min_size: 10, max_size: 20 })).toEqual([
      { text: 'f.file_size >= ?', parameters: [10] },
      { text: 'f.file_size <= ?', parameters: [20] },
    ]);
  });

  it('takes an end date given as a day to include the whole of that UTC day', () => {
    const start = Date.parse('2024-03-01');
    expect(compiled({ start_date: '2024-03-01', end_date: '2024-03-01' })).toEqual([
      { text: 'f.created_at >= ?', parameters: [start] },
      { text: 'f.created_at <= ?', parameters: [start + DAY_MS - 1] },
    ]);
  });

  it('takes an end given as an instant at that instant', () => {
    const at = '2024-03-01T12:00:00.000Z';
    expect(compiled({ end_date: at })).toEqual([{ text: 'f.created_at <= ?', parameters: [Date.parse(at)] }]);
  });

  it('requires every tag, each ignoring case', () => {
    const conditions = compiled({ tags: ['Work', 'urgent'] });
    expect(conditions.map((c) => c.parameters)).toEqual([['work'], ['urgent']]);
    expect(conditions.every((c) => c.text.includes('lower(ft.tag) = ?'))).toBe(true);
  });

  it('on SQLite, tests each file\'s own tags, or from the matches looks the file up among those carrying the tag', () => {
    expect(compiled({ tags: ['Work'] })[0]!.text).toBe('exists (select 1 from file_tags ft where ft.file_id = f.id and lower(ft.tag) = ?)');
    const [fromMatches] = compiled({ tags: ['Work'] }, 'sqlite', { from: 'matches', scope: sql<SqlBool>`f.user_id = ${7}` });
    expect(fromMatches!.text).toBe('f.id in (select ft.file_id from file_tags ft where lower(ft.tag) = ?)');
  });

  it('on PostgreSQL, from the matches, gathers the ids of the files carrying the tag once, to be read through the primary key', () => {
    const [fromMatches] = compiled({ tags: ['Work'] }, 'postgres', { from: 'matches', scope: sql<SqlBool>`f.user_id = ${7}` });
    expect(fromMatches!.text).toBe('f.id = any(array(select ft.file_id from file_tags ft where ft.tag_folded = ?))');
  });

  it('finds an uploader by name, ignoring case', () => {
    expect(compiled({ uploader: 'Alice' })).toEqual([
      { text: 'f.user_id in (select id from users where lower(username) = ?)', parameters: ['alice'] },
    ]);
  });
});
