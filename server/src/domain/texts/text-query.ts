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

/** A piece of a content's text, and whether the text goes on before and after it. */
export interface TextWindow {
  window: string;
  cutBefore: boolean;
  more: boolean;
}

/**
 * The snippet of a window: white space folded, about SNIPPET characters cut
 * at word boundaries around the first matched word, "…" where text was left
 * out, and the ranges of the words that match as the search does (whole
 * words, the last one also as a word's beginning).
 */
export function snippetOf({ window, cutBefore, more }: TextWindow, words: string[]): ContentMatch {
  const text = window.replace(/\s+/g, ' ');
  const last = words[words.length - 1] ?? '';
  const found = [...text.matchAll(WORD)].filter((m) => {
    const token = m[0].toLowerCase();
    return words.includes(token) || token.startsWith(last);
  });
  const first = found[0]?.index ?? 0;
  // The window itself may begin or end inside a word: cut at a space there too.
  let start = Math.max(0, first - SNIPPET_BEFORE);
  const space = text.indexOf(' ', start);
  if ((start > 0 || cutBefore) && space >= 0 && space < first) start = space + 1;
  let end = Math.min(text.length, start + SNIPPET);
  const lastSpace = text.lastIndexOf(' ', end);
  if ((end < text.length || more) && lastSpace > first) end = lastSpace;
  const cut = text.slice(start, end);
  const shown = cut.trim();
  const before = start > 0 || cutBefore ? '…' : '';
  const after = end < text.length || more ? '…' : '';
  const offset = before.length - start - (cut.length - cut.trimStart().length);
  const highlights = found
    .map((m) => ({ start: (m.index ?? 0) + offset, length: m[0].length }))
    .filter((h) => h.start >= before.length && h.start + h.length <= before.length + shown.length);
  return { text: `${before}${shown}${after}`, highlights };
}

/** UTF-8 takes at most this many bytes for a character. */
const MAX_CHAR_BYTES = 4;
/** Bytes read before the first word: WINDOW_BEFORE characters at least. */
const BYTES_BEFORE = WINDOW_BEFORE * MAX_CHAR_BYTES;
/** Bytes read from the window's start: enough for WINDOW characters and one more after the word, however wide. */
const WINDOW_BYTES = BYTES_BEFORE + (WINDOW + 1) * MAX_CHAR_BYTES;

/** A word (lower case) as written in lower case, capitalised and in capitals, as UTF-8 to search a text's bytes for. */
function caseForms(word: string): string[] {
  const [first = '', ...rest] = [...word];
  return [...new Set([word, first.toUpperCase() + rest.join(''), word.toUpperCase()])];
}

/**
 * Where a word (lower case) first occurs in a text, ignoring case, as the
 * position (from 1) of a byte of its UTF-8, or 1. The text's bytes `bytes`
 * are searched as written for the word's caseForms; only when none of them
 * occurs is the text folded whole and the place found there measured back in
 * bytes. Bytes, because a text's character positions cost a walk over every
 * character before them, and a window cut by characters from there another:
 * on PostgreSQL `strpos` and `substr` of 300,000 characters of UTF-8 cost 0.7
 * ms where a search of its bytes costs a tenth of that (`lower()` under a libc
 * locale 1.1 ms per 150,000 characters); SQLite searches them with
 * `first_byte` (db/sqlite-functions.mjs). An earlier occurrence in another
 * mix of cases can be passed over for one of these; the window then still
 * holds a match.
 */
function firstByteOf(word: string, dialect: Dialect, bytes: RawBuilder<unknown>, text: RawBuilder<unknown>): RawBuilder<number> {
  const forms = caseForms(word);
  if (dialect === 'postgres') {
    const asWritten = forms.map((form) => sql`nullif(position(${Buffer.from(form)}::bytea in ${bytes}), 0)`);
    const folded = sql`octet_length(left(${text}, greatest(0, strpos(lower(${text}), ${word}) - 1))) + 1`;
    return sql<number>`coalesce(least(${sql.join(asWritten)}), ${folded})`;
  }
  const folded = sql`length(cast(substr(${text}, 1, instr(lower(${text}), ${word}) - 1) as blob)) + 1`;
  return sql<number>`coalesce(first_byte(${bytes}, ${sql.join(forms)}), ${folded})`;
}

/** A row of contentWindows: bytes of a text around the word (see windowOfBytes). */
interface WindowRow {
  id: number;
  /** The byte position the window starts at. */
  from: number;
  /** The byte position of the word's first occurrence. */
  at: number;
  /** A Uint8Array once it has crossed from the reading thread. */
  window: Uint8Array;
}

/**
 * Where the content of each file of a page (the ids of the statement run
 * before it, readThen) holds every word: bytes of its text around the first
 * word, cut into characters by `contentMatchesOf`. Only ever run for the
 * files of a page the viewer may read, so no other content is ever quoted.
 * The database returns a window of each text, never the whole of it, and a
 * little more, which tells whether the text goes on without counting all of
 * it (`length()` of 300,000 characters costs a millisecond on PostgreSQL).
 * Each text is taken as bytes once (PostgreSQL `textsend`: each function
 * given the stored value would unpack it again) and the word found among them
 * once, in subqueries kept whole (`offset 0`) rather than repeating their
 * expressions where they are used. A page of 20 texts of 300,000 characters
 * took 115 ms on PostgreSQL, then 47 with characters, then 10 with bytes; on
 * SQLite 11.5 with the text folded once (`instr(lower())`, then `substr` of
 * characters), then 4.4 to 5.2 with bytes.
 */
export function contentWindows(db: Db, dialect: Dialect, words: string[]): CompiledQuery<WindowRow> {
  // The longest word is the likeliest to be found where it matches, not inside another word.
  const anchor = words.reduce((a, b) => (b.length > a.length ? b : a));
  const where = sql`where ${amongIdsOfFirst(sql`f.id`, dialect)} and ${fileHolding(words, dialect)}`;
  if (dialect === 'postgres') {
    return sql<WindowRow>`select f.id, w.from, w.at, substring(w.bytes from w.from for ${WINDOW_BYTES}) as "window"
      from files f join content_texts t on t.id = f.text_id
      cross join lateral (select p.bytes, p.at, greatest(1, p.at - ${BYTES_BEFORE}) as "from"
        from (select b.bytes, ${firstByteOf(anchor, dialect, sql`b.bytes`, sql`t.body`)} as at
          from (select textsend(t.body) as bytes offset 0) b offset 0) p) w
      ${where}`.compile(db);
  }
  const bytes = sql`cast(t.body as blob)`;
  return sql<WindowRow>`select p.id, max(1, p.at - ${BYTES_BEFORE}) as "from", p.at, substr(p.bytes, max(1, p.at - ${BYTES_BEFORE}), ${WINDOW_BYTES}) as "window"
    from (select f.id, ${bytes} as bytes, ${firstByteOf(anchor, dialect, bytes, sql`t.body`)} as at
      from files f join content_texts t on t.id = f.text_id ${where} limit -1 offset 0) p`.compile(db);
}

/**
 * The window of characters around the word, from the bytes of a text:
 * WINDOW_BEFORE characters before the word (fewer where the text begins),
 * and from there WINDOW characters and one more where the text goes on.
 * Counted by code points, as SQL counts characters. The bytes may begin and
 * end inside a character, decoded as U+FFFD, but BYTES_BEFORE bytes hold
 * WINDOW_BEFORE whole characters besides such a piece, and the bytes from
 * the word WINDOW + 1: the pieces are always among the characters left out.
 */
function windowOfBytes(bytes: Buffer, from: number, at: number): { chars: string[]; cutBefore: boolean } {
  const wordAt = at - from;
  const before = [...bytes.toString('utf8', 0, wordAt)];
  const skipped = Math.max(0, before.length - WINDOW_BEFORE);
  const chars = [...before.slice(skipped), ...bytes.toString('utf8', wordAt)].slice(0, WINDOW + 1);
  return { chars, cutBefore: from > 1 || skipped > 0 };
}

/** The snippet of each file whose content matched, by file id, from contentWindows' rows. */
export function contentMatchesOf(rows: unknown[], words: string[]): Map<number, ContentMatch> {
  return new Map(
    (rows as WindowRow[]).map((r) => {
      const bytes = Buffer.from(r.window.buffer, r.window.byteOffset, r.window.byteLength);
      const { chars, cutBefore } = windowOfBytes(bytes, Number(r.from), Number(r.at));
      const more = chars.length > WINDOW;
      return [Number(r.id), snippetOf({ window: chars.slice(0, WINDOW).join(''), cutBefore, more }, words)];
    }),
  );
}
