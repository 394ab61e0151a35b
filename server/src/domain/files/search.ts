import { sql, type CompiledQuery, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { FileListResponse, FileSortField } from '@vault/contract';
import { dialectOf, type Dialect } from '../../db/dialect.js';
import type { Db } from '../../db/index.js';
import type { Viewer } from '../access/rules.js';
import type { DomainContext } from '../shared/context.js';
import { contentMatchesOf, contentWindows, filesHolding, searchWords } from '../texts/text-query.js';
import { pageOfFiles } from './dto.js';
import { containsPattern, containsText, filterConditions, nameHolds, nameOrTag, taggedWith, type Condition, type ContentReach, type FileFilters } from './search-conditions.js';

/**
 * Each sort's key. The file's own columns walk the (user_id, sort, id)
 * indexes; owner and folder names are looked up by primary key per file of
 * the scope. A folder's name orders only the viewer's own files (all files for
 * admins), so the order never tells a name the viewer may not read; files at
 * the root and others' files sort as an empty name, first when ascending.
 */
function sortKey(field: FileSortField, viewer: Viewer): RawBuilder<unknown> {
  switch (field) {
    case 'created_at':
      return sql`f.created_at`;
    case 'file_size':
      return sql`f.file_size`;
    case 'download_count':
      return sql`f.download_count`;
    case 'original_name':
      return sql`lower(f.original_name)`;
    case 'username':
      return sql`(select lower(u.username) from users u where u.id = f.user_id)`;
    case 'folder_name': {
      const names = viewer?.isAdmin ? sql<SqlBool>`1 = 1` : sql<SqlBool>`f.user_id = ${viewer?.id ?? 0}`;
      return sql`coalesce(case when ${names} then (select lower(fo.name) from folders fo where fo.id = f.folder_id) end, '')`;
    }
  }
}

export interface Page {
  page: number;
  limit: number;
  sort_by: FileSortField;
  sort_order: 'asc' | 'desc';
}

const directionOf = (page: Page) => (page.sort_order === 'asc' ? sql`asc` : sql`desc`);

/** How many files of the order come before the page. */
const offsetOf = (page: Page) => (page.page - 1) * page.limit;

/** A query over files `f` in the page's sort order, ties by id in the same direction. */
function inSortOrder<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, viewer: Viewer, page: Page) {
  const direction = directionOf(page);
  return query.orderBy(sql`${sortKey(page.sort_by, viewer)} ${direction}`).orderBy(sql`f.id ${direction}`);
}

/**
 * Scopes with fewer files than this test each file's own content and tags: at
 * most this many lookups of a text or a file's tags, a millisecond or two, and
 * nothing read of other files'. Larger scopes gather the matches first: a tag
 * common to many users' files cost 4.3 ms that way for a scope of 500 files.
 */
const SMALL_SCOPE = 1000;

/**
 * A page is looked for file by file (each file's own content tested) among
 * the first NEAR_SHARE times as many files of the sort as it ends at: a
 * lookup of a file's text costs about as much as 16 tests of names, so that
 * walk costs less than the count. A text search walks them while it counts
 * (walkedPage); other filters do when the count says at least 1/16 of the
 * scope matches. Deeper pages, or matches too few, join the matching texts.
 */
const NEAR_SHARE = 16;

/**
 * The most files a text search walks for its page while its count runs
 * (walkedPage): a few milliseconds of tests, spent in vain only when the
 * matches are too few to fill the page among them.
 */
const WALK_MOST = 4000;

/** How long a scope's size is taken as known: it only picks a statement's form, so a stale one costs time, never a wrong answer. */
const SIZE_KNOWN_MS = 10_000;
/** Scopes whose size is remembered, per database; the oldest is forgotten first. */
const SIZES_KEPT = 1000;
const knownSizes = new WeakMap<Db, Map<string, { small: boolean; at: number }>>();

/**
 * Whether the scope holds fewer than SMALL_SCOPE files (not in Trash); it
 * reads at most that many, and then remembers the answer for a while: a
 * user's successive searches and filters (each keystroke, each page) share it.
 */
async function isSmall(db: Db, scope: Condition): Promise<boolean> {
  let sizes = knownSizes.get(db);
  if (!sizes) knownSizes.set(db, (sizes = new Map()));
  const { sql: text, parameters } = scope.compile(db);
  const key = `${text}\u0000${JSON.stringify(parameters)}`;
  const now = Date.now();
  const known = sizes.get(key);
  if (known && now - known.at < SIZE_KNOWN_MS) return known.small;
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from files f where f.trashed_at is null and ${scope} limit ${SMALL_SCOPE}) s`.execute(db);
  const small = Number(rows[0]?.n ?? 0) < SMALL_SCOPE;
  sizes.delete(key);
  sizes.set(key, { small, at: now });
  if (sizes.size > SIZES_KEPT) sizes.delete(sizes.keys().next().value!);
  return small;
}

/** Files not in Trash, of the scope, matching every filter. */
function listed(scope: Condition, filters: FileFilters, dialect: Dialect, reach: ContentReach): Condition {
  // Trashed files are listed by Trash alone, whatever the scope.
  return sql<SqlBool>`${sql.join([sql<SqlBool>`f.trashed_at is null`, scope, ...filterConditions(filters, dialect, reach)], sql` and `)}`;
}

async function countWhere(db: Db, where: Condition): Promise<number> {
  const { total } = await db
    .selectFrom('files as f')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(where)
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** Characters a text needs for the trigram index of names to find it; shorter texts are tested on each name. */
const TRIGRAM = 3;

/**
 * SQLite: the ids of the files whose lowered name holds the text, from the
 * trigram index of names (migration 0250), or undefined for a text shorter
 * than a trigram. The text is one quoted phrase, which matches where its
 * trigrams follow one another, that is where it is a substring of the name,
 * as `nameHolds` tests; quoted, nothing typed is read as query syntax.
 */
function trigramNames(text: string): RawBuilder<unknown> | undefined {
  const lowered = text.toLowerCase();
  if ([...lowered].length < TRIGRAM) return undefined;
  return sql`select rowid as id from files_name_trigrams where files_name_trigrams match ${`"${lowered.replace(/"/g, '""')}"`}`;
}

/**
 * The count of a text search over a large scope, as a sum of disjoint
 * counts, each from its own index, rather than one `or` tested on every file
 * (where each file would be looked up among the content arm's ids): the files
 * found by name or tag, then those found by content alone (`filesHolding`,
 * whose files are read anyway to test the scope, so testing their names costs
 * little). SQLite counts the names from the trigram index, each match's file
 * read for the scope (a CROSS JOIN, which SQLite never reorders, so it starts
 * from the index rather than walking the scope); a text too short for it
 * tests every name of the scope. It counts the tags' few files apart, also
 * starting from them. The two sums run at once, the names' on `readsBeside`
 * and the contents' on `reads`, so the count takes the longer of them.
 */
async function countByArms({ reads, readsBeside }: Pick<SearchConnections, 'reads' | 'readsBeside'>, dialect: Dialect, scope: Condition, filters: FileFilters): Promise<number> {
  const { search = '', ...others } = filters;
  const rest = listed(scope, others, dialect, { from: 'each file' });
  // The matching tags of everybody's files are tested once, not each file's tags.
  const byNameOrTag = nameOrTag(search, dialect, { from: 'matches', scope });
  const byContentAlone = sql`(select count(*) from (${filesHolding(searchWords(search), dialect, sql<SqlBool>`${rest} and not ${byNameOrTag}`)}) c)`;
  const [byNameOrTagCount, byContentCount] = await Promise.all([countOf(readsBeside, namesAndTagsCount(dialect, others, rest, search, byNameOrTag)), countOf(reads, byContentAlone)]);
  return byNameOrTagCount + byContentCount;
}

/** The files of `rest` whose name or tag holds the text, counted (see countByArms). */
function namesAndTagsCount(dialect: Dialect, others: FileFilters, rest: Condition, search: string, byNameOrTag: Condition): RawBuilder<unknown> {
  if (dialect === 'postgres') return sql`(select count(*) from files f where ${rest} and ${byNameOrTag})`;
  const pattern = containsPattern(search);
  const names = trigramNames(search);
  // With no filter but the scope, each match is read in the narrow index of the scope's columns (0290), not in its row.
  const onlyScope = filterConditions(others, dialect, { from: 'each file' }).length === 0;
  const matched = onlyScope ? sql`files f indexed by files_scope` : sql`files f`;
  const byName = names
    ? sql`(select count(*) from (${names}) n cross join ${matched} on f.id = n.id where ${rest})`
    : sql`(select count(*) from files f where ${rest} and ${nameHolds(pattern, dialect)})`;
  return sql`${byName}
      + (select count(*) from (select distinct t.file_id from (${taggedWith(pattern, dialect)}) t) t cross join files f on f.id = t.file_id
          where ${rest} and not ${nameHolds(pattern, dialect)})`;
}

/** The files of the parts of a scope (disjoint) not in Trash, counted each on its own and summed. */
function partsCount(parts: readonly Condition[], dialect: Dialect): RawBuilder<unknown> {
  return sql.join(
    parts.map((part) => sql`(select count(*) from files f where ${listed(part, {}, dialect, { from: 'each file' })})`),
    sql` + `,
  );
}

/**
 * The page of the files that `matching` selects in each part of a scope
 * (disjoint parts: a user's own files, those shared with them), with `total`
 * beside it if given. Each part gives its first files of the sort down to the
 * page's end, along an index of its own (the owner's (user_id, sort)
 * indexes, the shared ids' primary key), and the page is taken from their
 * union. As one `or`, the scope could only be read and sorted whole: a user
 * holding 100,000 files who had received a single share had all of them read
 * and sorted for a page (SQLite 135 ms by name, 87 ms for a tag).
 */
function pageOfParts(db: Db, viewer: Viewer, parts: readonly Condition[], page: Page, matching: (part: Condition) => Condition, total?: RawBuilder<unknown>) {
  const direction = directionOf(page);
  const offset = offsetOf(page);
  const totals = total ? [total.as('total')] : [];
  const firstOf = (part: Condition, limit: number) =>
    inSortOrder(
      db
        .selectFrom('files as f')
        .select(['f.id', sortKey(page.sort_by, viewer).as('sort_key')])
        .where(matching(part)),
      viewer,
      page,
    ).limit(limit);
  const [only, ...others] = parts;
  if (!only) throw new Error('A scope has at least one part');
  if (others.length === 0) return firstOf(only, page.limit).offset(offset).select(totals).compile();
  // Columns named, not `*`: a statement taking every column is never prepared.
  const ofEach = parts.map((part) => db.selectFrom(firstOf(part, offset + page.limit).as('p')).select(['p.id', 'p.sort_key']));
  const union = ofEach.slice(1).reduce((all, next) => all.unionAll(next), ofEach[0]!);
  return db
    .selectFrom(union.as('page'))
    .select(['page.id', ...totals])
    .orderBy(sql`page.sort_key ${direction}`)
    .orderBy(sql`page.id ${direction}`)
    .limit(page.limit)
    .offset(offset)
    .compile();
}

/** The number a count's expression comes to, read on `db`. */
async function countOf(db: Db, count: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ total: number }>`select ${count} as total`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

/**
 * The files of a small scope matching the filters, to be counted and sorted
 * whole. On PostgreSQL they are read apart first (a sub-select with OFFSET 0
 * is never merged into the statement around it), through the scope's own
 * indexes: otherwise the planner, which (before version 16) costs a window
 * over the whole result as if it stopped at the page's last row, walks the
 * sort's index of everybody's files for the page and reads them all for the
 * count (51,790 rows filtered away for a scope of 512, 17 to 26 ms instead of
 * 0.4). SQLite merges the sub-select and plans it as before.
 */
function scopeRead(db: Db, where: Condition) {
  // What sortKey and the page read, named: a statement taking every column is never prepared.
  const rows = db.selectFrom('files as f').select(['f.id', 'f.user_id', 'f.folder_id', 'f.original_name', 'f.file_size', 'f.created_at', 'f.download_count']).where(where);
  return db.selectFrom((dialectOf(db) === 'postgres' ? rows.offset(0) : rows).as('f'));
}

/**
 * The page of a text search among the first `walk` files of the scope in the
 * sort's order, each tested on its own (ContentReach 'each file'). When the
 * page fills, it is the page: every file past the walk comes later in the
 * order. Otherwise the matches are too few this early, and the page must be
 * found from them once they are counted.
 */
function walkedPage(db: Db, viewer: Viewer, scope: Condition, filters: FileFilters, page: Page, walk: number) {
  const { search = '', ...others } = filters;
  const dialect = dialectOf(db);
  const direction = directionOf(page);
  const walked = db
    .selectFrom('files as f')
    .select(['f.id', sql`${sortKey(page.sort_by, viewer)}`.as('sort_key')])
    .where(listed(scope, others, dialect, { from: 'each file' }))
    .orderBy(sql`sort_key ${direction}`)
    .orderBy(sql`f.id ${direction}`)
    .limit(walk);
  return db
    .selectFrom(walked.as('w'))
    .innerJoin('files as f', 'f.id', 'w.id')
    .select('f.id')
    .where(containsText(search, dialect, { from: 'each file' }))
    .orderBy(sql`w.sort_key ${direction}`)
    .orderBy(sql`w.id ${direction}`)
    .limit(page.limit)
    .offset(offsetOf(page));
}

/**
 * walkedPage over the disjoint parts of a scope (SQLite, see byParts): each
 * part's first `walk` files of the sort are tested, and of their matches only
 * those that sort no later than the earliest last-walked file of the parts
 * are kept (a part with fewer files was walked whole; one with exactly
 * `walk` counts as cut, which only costs a fallback). Every match up to that
 * file was walked, so when the kept matches fill the page, it is the page.
 */
function walkedPageOfParts(db: Db, viewer: Viewer, parts: readonly Condition[], filters: FileFilters, page: Page, walk: number): CompiledQuery<{ id: number }> {
  const { search = '', ...others } = filters;
  const dialect = dialectOf(db);
  const direction = directionOf(page);
  const key = sortKey(page.sort_by, viewer);
  const walked = parts.map((part, i) => ({
    name: sql.raw(`w${i}`),
    rows: sql`select f.id, ${key} as k from files f where ${listed(part, others, dialect, { from: 'each file' })} order by ${key} ${direction}, f.id ${direction} limit ${walk}`,
  }));
  const lastOf = walked.map(({ name }) => sql`select * from (select k, id from ${name} order by k ${direction}, id ${direction} limit 1 offset ${walk - 1})`);
  const matchesOf = walked.map(({ name }) => sql`select w.id, w.k from ${name} w join files f on f.id = w.id where ${containsText(search, dialect, { from: 'each file' })}`);
  const notLater = page.sort_order === 'asc' ? sql`<=` : sql`>=`;
  return sql<{ id: number }>`with ${sql.join(
    walked.map(({ name, rows }) => sql`${name} as (${rows})`),
    sql`, `,
  )}, edge as (select k, id from (${sql.join(lastOf, sql` union all `)}) order by k ${direction}, id ${direction} limit 1)
    select m.id from (${sql.join(matchesOf, sql` union all `)}) m
    where not exists (select 1 from edge) or (m.k, m.id) ${notLater} (select k, id from edge)
    order by m.k ${direction}, m.id ${direction} limit ${page.limit} offset ${offsetOf(page)}`.compile(db);
}

/**
 * Where a search's statements run: those that read the scope or the page
 * (its ids and count, its files' rows and snippets) on `reads`, the page's
 * at one hand-over (a listing answers in two turns of the event loop); the
 * little else its files' answers need (folders, visibility) on `db`, whose
 * statements cost no turn.
 */
export type SearchConnections = Pick<DomainContext, 'db' | 'reads' | 'readsBeside'>;

/**
 * One page of files matching scope and filters, with the full match count:
 * one statement for both over a small scope, which it reads whole anyway.
 * A file found by a text search in its content carries the snippet of it.
 * A search for content words looks at each file's own text when the scope is
 * small or the page is near the start of many matches (ContentReach), and joins
 * the scope's matching texts otherwise; neither reads other users' texts
 * into the result. Over a large scope, a text search's page is looked for
 * among the first files of the sort while it is counted (walkedPage).
 * `parts`, when given, are disjoint conditions whose union is the scope,
 * each with indexes for every sort: a listing without filters reads its page
 * and total from them whatever the scope's size, and on SQLite a larger
 * scope's filtered page merges theirs (pageOfParts).
 */
export async function searchFiles(
  { db, reads, readsBeside }: SearchConnections,
  viewer: Viewer,
  scope: Condition,
  filters: FileFilters,
  page: Page,
  parts?: readonly Condition[],
): Promise<FileListResponse> {
  const dialect = dialectOf(db);
  const words = searchWords(filters.search ?? '');
  const eachFile: ContentReach = { from: 'each file' };
  const fromMatches: ContentReach = { from: 'matches', scope };
  const where = (reach: ContentReach) => listed(scope, filters, dialect, reach);
  const offset = offsetOf(page);
  // Ids first, then the page's files: the per-file figures are computed for 20
  // rows, not for every row an OFFSET skips (PostgreSQL computes them for those too).
  const ordered = <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) => inSortOrder(query, viewer, page).limit(page.limit).offset(offset);
  // On SQLite, over disjoint parts, their pages and walks merged (a content or tag arm gathered from the matches
  // gathers those of each part): it sorts an `or` whole. PostgreSQL keeps the `or`, whose walk of the sort it runs
  // beside the count: merged after the count instead, a name search with a share received took 41 ms instead of 19.
  const byParts = parts && parts.length > 1 && dialect === 'sqlite' ? parts : undefined;
  const pageOf = (reach: ContentReach) =>
    byParts
      ? pageOfParts(reads, viewer, byParts, page, (part) => listed(part, filters, dialect, reach.from === 'each file' ? reach : { from: 'matches', scope: part }))
      : ordered(reads.selectFrom('files as f').select('f.id').where(where(reach))).compile();
  // The page's files, and the snippets of its matching contents, read right after the page's ids.
  const alongside = words.length > 0 ? [contentWindows(reads, dialect, words)] : [];
  const read = (query: CompiledQuery<{ id: number; total?: number }>) => pageOfFiles(db, reads, viewer, query, alongside);
  // The total read with the page; a page past the last file counts apart.
  const totalWith = async (rows: { total?: number | string }[], count: () => Promise<number>) => {
    const first = rows[0];
    return first ? Number(first.total) : offset === 0 ? 0 : count();
  };
  let total: number;
  let found: Awaited<ReturnType<typeof read>>;
  if (parts && filterConditions(filters, dialect, eachFile).length === 0) {
    const counted = partsCount(parts, dialect);
    found = await read(pageOfParts(reads, viewer, parts, page, (part) => listed(part, {}, dialect, eachFile), counted));
    total = await totalWith(found.page, () => countOf(reads, counted));
  } else if (await isSmall(reads, scope)) {
    // A small scope is read once for the page and the count (which reads every match anyway).
    found = await read(ordered(scopeRead(reads, where(eachFile)).select(['f.id', sql<number>`count(*) over ()`.as('total')])).compile());
    total = await totalWith(found.page, () => countWhere(reads, where(eachFile)));
  } else if (words.length > 0) {
    const walk = (offset + page.limit) * NEAR_SHARE;
    const [counted, walked] = await Promise.all([
      countByArms({ reads, readsBeside }, dialect, scope, filters),
      walk <= WALK_MOST ? read(byParts ? walkedPageOfParts(reads, viewer, byParts, filters, page, walk) : walkedPage(reads, viewer, scope, filters, page, walk).compile()) : undefined,
    ]);
    total = counted;
    found = walked && walked.page.length === page.limit ? walked : await read(pageOf(fromMatches));
  } else {
    total = await countWhere(reads, where(fromMatches));
    const near = total >= (offset + page.limit) * NEAR_SHARE;
    found = await read(pageOf(near ? eachFile : fromMatches));
  }
  const { files } = found;
  const matches = contentMatchesOf(found.alongside[0] ?? [], words);
  return {
    files: files.map((file) => {
      const match = matches.get(file.id);
      return match ? { ...file, match } : file;
    }),
    total,
    page: page.page,
    limit: page.limit,
  };
}
