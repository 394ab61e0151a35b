import { sql, type CompiledQuery, type RawBuilder, type SqlBool } from 'kysely';
import type { ContentMatch } from '@vault/contract';
import type { Dialect } from '../../db/dialect.js';
import type { Db } from '../../db/index.js';
import { amongIdsOfFirst } from '../../db/read-then.js';

/** Words of one search looked up in contents at most; the rest of a long search still matches names and tags. */
const MAX_WORDS = 16;
/** Characters of content read around the first place a word occurs, and shown of them in a snippet. */
const WINDOW_BEFORE = 120;
const WINDOW = 400;
const SNIPPET_BEFORE = 30;
const SNIPPET = 160;

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The words of a search as both full-text indexes cut text: runs of letters
 * and digits, lower case. Only these reach a query, so nothing typed is ever
 * read as query syntax.
 */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).slice(0, MAX_WORDS);
}

/**
 * The query matching a content holding every word, the last one also as the
 * beginning of a word (it may still be being typed). Words are letters and
 * digits only (searchWords), so quoting them is enough.
 */
export function fullTextQuery(words: string[], dialect: Dialect): string {
  const last = words.length - 1;
  if (dialect === 'postgres') return words.map((w, i) => `'${w}'${i === last ? ':*' : ''}`).join(' & ');
  return words.map((w, i) => `"${w}"${i === last ? '*' : ''}`).join(' ');
}

/**
 * A subquery of the ids of the texts holding every word (words not empty). On
 * SQLite these are the full-text index's own rowids, read from its lists
 * without the table.
 */
function textsHolding(words: string[], dialect: Dialect): RawBuilder<unknown> {
  const query = fullTextQuery(words, dialect);
  if (dialect === 'postgres') return sql`select ct.id from content_texts ct where ct.body_vector @@ to_tsquery('simple', ${query})`;
  return sql`select rowid as id from content_texts_fts where content_texts_fts match ${query}`;
}

/**
 * A subquery of the ids of the files `f` meeting `where` whose content holds
 * every word: the few matching texts, then their files through the integer
 * `files.text_id` index, so only the files meeting `where` are gathered.
 * `where` is a condition on `f`, as in the list, so it applies to these
 * files, not to a row of an enclosing query. SQLite joins the texts to their
 * files; PostgreSQL takes the texts' ids as an array, since it estimates a
 * prefix's matches at a fixed few and would join them to every file in the
 * order of that index.
 */
export function filesHolding(words: string[], dialect: Dialect, where: RawBuilder<SqlBool>): RawBuilder<unknown> {
  const texts = textsHolding(words, dialect);
  if (dialect === 'postgres') return sql`select f.id from files f where f.text_id = any(array(${texts})) and ${where}`;
  return sql`select f.id from (${texts}) h join files f on f.text_id = h.id where ${where}`;
}

/**
 * File `f`'s own content holds every word: its text is tested alone. On
 * SQLite its text's id is looked up among the full-text index's matches
 * (which reads the index's lists of those words and no table); on PostgreSQL
 * its text's vector is tested as it is. A scalar subquery, so that
 * PostgreSQL tests each file rather than hashing every matching text first.
 * The unary `+` keeps SQLite from reaching files through the `text_id` index
 * from every matching text: this tests files found otherwise (a page's ids,
 * a walk of the scope), and that index lookup, crossed with a list of ids,
 * cost 140 ms for a page of snippets.
 */
export function fileHolding(words: string[], dialect: Dialect): RawBuilder<SqlBool> {
  const query = fullTextQuery(words, dialect);
  if (dialect === 'postgres') return sql<SqlBool>`(select ct.body_vector from content_texts ct where ct.id = f.text_id) @@ to_tsquery('simple', ${query})`;
  return sql<SqlBool>`+f.text_id in (select rowid from content_texts_fts where content_texts_fts match ${query})`;
}

/** A piece of a content's text: where it starts (1-based, as SQL counts) and whether the text goes on after it. */
export interface TextWindow {
  window: string;
  from: number;
  more: boolean;
}

/**
 * The snippet of a window: white space folded, about SNIPPET characters cut
 * at word boundaries around the first matched word, "…" where text was left
 * out, and the ranges of the words that match as the search does (whole
 * words, the last one also as a word's beginning).
 */
export function snippetOf({ window, from, more }: TextWindow, words: string[]): ContentMatch {
  const text = window.replace(/\s+/g, ' ');
  const last = words[words.length - 1] ?? '';
  const found = [...text.matchAll(WORD)].filter((m) => {
    const token = m[0].toLowerCase();
    return words.includes(token) || token.startsWith(last);
  });
  const first = found[0]?.index ?? 0;
  // The window itself may begin or end inside a word: cut at a space there too.
  const windowCutBefore = from > 1;
  const windowCutAfter = more;
  let start = Math.max(0, first - SNIPPET_BEFORE);
  const space = text.indexOf(' ', start);
  if ((start > 0 || windowCutBefore) && space >= 0 && space < first) start = space + 1;
  let end = Math.min(text.length, start + SNIPPET);
  const lastSpace = text.lastIndexOf(' ', end);
  if ((end < text.length || windowCutAfter) && lastSpace > first) end = lastSpace;
  const cut = text.slice(start, end);
  const shown = cut.trim();
  const before = start > 0 || windowCutBefore ? '…' : '';
  const after = end < text.length || windowCutAfter ? '…' : '';
  const offset = before.length - start - (cut.length - cut.trimStart().length);
  const highlights = found
    .map((m) => ({ start: (m.index ?? 0) + offset, length: m[0].length }))
    .filter((h) => h.start >= before.length && h.start + h.length <= before.length + shown.length);
  return { text: `${before}${shown}${after}`, highlights };
}

/**
 * Where a word (lower case) first occurs in `text` on PostgreSQL,
 * ignoring case, or 0. The text is searched as written for the word in lower
 * case, capitalised and in capitals, and folded whole only when none of them
 * occurs: `lower()` under a libc locale costs about 1.1 ms per 150,000
 * characters (a long PDF's text), 20 of them per page, where a search as
 * written costs a few hundredths. An earlier occurrence in another mix of
 * cases can be passed over for one of these; the window then still holds a
 * match.
 */
function firstPlaceOnPostgres(word: string, text: RawBuilder<unknown>): RawBuilder<number> {
  const [first = '', ...rest] = [...word];
  const forms = [word, first.toUpperCase() + rest.join(''), word.toUpperCase()];
  const asWritten = forms.map((form) => sql`nullif(strpos(${text}, ${form}), 0)`);
  return sql<number>`coalesce(least(${sql.join(asWritten)}), strpos(lower(${text}), ${word}))`;
}

/** A row of contentWindows: WINDOW characters of the text and one more where it goes on. */
interface WindowRow {
  id: number;
  from: number;
  window: string;
}

/**
 * Where the content of each file of a page (the ids of the statement run
 * before it, readThen) holds every word: a window of its text around the
 * first word, read by `contentMatchesOf`. Only ever run for the files of a
 * page the viewer may read, so no other content is ever quoted. The database
 * returns a window of each text, never the whole of it, and one character
 * more, which tells whether the text goes on without counting all of it
 * (`length()` of 300,000 characters costs a millisecond on PostgreSQL).
 * PostgreSQL unpacks each text once (`|| ''` makes the unpacked copy; each
 * function given the stored value would unpack it again) and finds the
 * window's start once, in subqueries it keeps (`offset 0`) rather than
 * repeating their expressions where they are used: a page of 20 texts of
 * 300,000 characters took 115 ms, then 47. SQLite folds cheaply (ASCII
 * alone) but folded each text twice: its window's start is computed once
 * too, in a subquery an OFFSET keeps from being merged into the statement
 * (19.8 -> 12.9 ms for those 20 texts).
 */
export function contentWindows(db: Db, dialect: Dialect, words: string[]): CompiledQuery<WindowRow> {
  // The longest word is the likeliest to be found where it matches, not inside another word.
  const anchor = words.reduce((a, b) => (b.length > a.length ? b : a));
  const where = sql`where ${amongIdsOfFirst(sql`f.id`, dialect)} and ${fileHolding(words, dialect)}`;
  if (dialect === 'postgres') {
    return sql<WindowRow>`select f.id, w.at as "from", substr(w.body, w.at, ${WINDOW + 1}) as "window"
      from files f join content_texts t on t.id = f.text_id
      cross join lateral (select b.body, greatest(1, ${firstPlaceOnPostgres(anchor, sql`b.body`)} - ${WINDOW_BEFORE}) as at
        from (select t.body || '' as body offset 0) b offset 0) w
      ${where}`.compile(db);
  }
  return sql<WindowRow>`select w.id, w."from", substr(w.body, w."from", ${WINDOW + 1}) as "window"
    from (select f.id, t.body, max(1, instr(lower(t.body), ${anchor}) - ${WINDOW_BEFORE}) as "from"
      from files f join content_texts t on t.id = f.text_id ${where} limit -1 offset 0) w`.compile(db);
}

/** The snippet of each file whose content matched, by file id, from contentWindows' rows. */
export function contentMatchesOf(rows: unknown[], words: string[]): Map<number, ContentMatch> {
  return new Map(
    (rows as WindowRow[]).map((r) => {
      // Counted as SQL counts characters: by code points.
      const chars = [...r.window];
      const more = chars.length > WINDOW;
      return [Number(r.id), snippetOf({ window: more ? chars.slice(0, WINDOW).join('') : r.window, from: Number(r.from), more }, words)];
    }),
  );
}
