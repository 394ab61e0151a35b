import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import { hasUnsafeCharacters, numberedFolderName, numberedName, replaceUnsafeCharacters } from '@vault/contract';
import type { Dialect } from '../dialect.js';

/** What an item is called once nothing of its name is left. */
const UNNAMED = 'unnamed';

/** A name that must stay unique among its owner's live siblings, ignoring case. */
const NAMES = [
  { table: 'files', column: 'original_name', parent: 'folder_id', numbered: numberedName },
  { table: 'folders', column: 'name', parent: 'parent_id', numbered: numberedFolderName },
] as const;

/** Texts with nothing to keep unique; `keep` names the characters a text may hold all the same. */
const TEXTS = [
  { table: 'links', column: 'label', keep: '' },
  { table: 'links', column: 'message', keep: '\n' },
  { table: 'activity', column: 'file_name', keep: '' },
  { table: 'activity', column: 'via_label', keep: '' },
  { table: 'activity', column: 'visitor', keep: '' },
] as const;

interface NamedRow {
  id: number;
  user_id: number;
  parent: number | null;
  name: string;
  trashed_at: number | null;
}

/**
 * Names, tags and labels stored before control and bidi characters were
 * refused (or cleaned, for file names) lose them now, so that what others
 * are shown never holds one, whenever it was written: "photo\u202Egnp.exe"
 * becomes "photognp.exe". A file or folder name that then meets a live
 * sibling's takes the first free "name (n)", one left empty is "unnamed"; a
 * tag left empty, or the same as another of its file's, goes; a label or
 * message left empty is none. Only rows holding such a character are read.
 */
export function unsafeCharactersCleaned(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const holdsUnsafe = unsafeTest(dialect);
      for (const target of NAMES) {
        const { rows } = await sql<NamedRow>`select id, user_id, ${sql.ref(target.parent)} as parent, ${sql.ref(target.column)} as name, trashed_at
          from ${sql.table(target.table)} where ${holdsUnsafe(target.column)} order by id`.execute(db);
        for (const row of rows.filter((r) => hasUnsafeCharacters(r.name))) {
          const stripped = replaceUnsafeCharacters(row.name, '').trim();
          const cleaned = stripped === '' || stripped === '.' || stripped === '..' ? UNNAMED : stripped;
          // A trashed item is renamed on restore if its name is taken by then.
          const name = row.trashed_at === null ? await freeSiblingName(db, target, row, cleaned) : cleaned;
          await sql`update ${sql.table(target.table)} set ${sql.ref(target.column)} = ${name} where id = ${row.id}`.execute(db);
        }
      }
      await cleanTags(db, holdsUnsafe('tag'));
      for (const { table, column, keep } of TEXTS) {
        const { rows } = await sql<{ id: number; text: string }>`select id, ${sql.ref(column)} as text from ${sql.table(table)} where ${holdsUnsafe(column)}`.execute(db);
        for (const row of rows.filter((r) => hasUnsafeCharacters(r.text, keep))) {
          const cleaned = replaceUnsafeCharacters(row.text, '', keep).trim();
          await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${cleaned || null} where id = ${row.id}`.execute(db);
        }
      }
    },
  };
}

/** `name`, or its first numbering that no live sibling of `row` holds, ignoring case. */
async function freeSiblingName(db: Kysely<unknown>, target: (typeof NAMES)[number], row: NamedRow, name: string): Promise<string> {
  const { rows } = await sql<{ name: string }>`select ${sql.ref(target.column)} as name from ${sql.table(target.table)}
    where user_id = ${row.user_id} and coalesce(${sql.ref(target.parent)}, 0) = ${row.parent ?? 0} and trashed_at is null and id <> ${row.id}`.execute(db);
  const taken = new Set(rows.map((r) => r.name.toLowerCase()));
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = target.numbered(name, n);
  return candidate;
}

/** Each file's tags cleaned; one left empty, or the same (ignoring case) as another of the file's, goes. */
async function cleanTags(db: Kysely<unknown>, holdsUnsafe: RawBuilder<unknown>): Promise<void> {
  const { rows } = await sql<{ file_id: number; tag: string }>`select file_id, tag from file_tags where ${holdsUnsafe} order by file_id, tag`.execute(db);
  for (const row of rows.filter((r) => hasUnsafeCharacters(r.tag))) {
    const cleaned = replaceUnsafeCharacters(row.tag, '').trim();
    const { rows: others } = await sql<{ tag: string }>`select tag from file_tags where file_id = ${row.file_id} and tag <> ${row.tag}`.execute(db);
    const kept = cleaned !== '' && !others.some((o) => o.tag.toLowerCase() === cleaned.toLowerCase());
    if (kept) await sql`update file_tags set tag = ${cleaned} where file_id = ${row.file_id} and tag = ${row.tag}`.execute(db);
    else await sql`delete from file_tags where file_id = ${row.file_id} and tag = ${row.tag}`.execute(db);
  }
}

/**
 * A condition true of a column holding one of the characters
 * `hasUnsafeCharacters` finds (a superset is enough: candidates are tested
 * again), built from that definition: every such character of the Basic
 * Multilingual Plane, where all of them are, as a bracket expression.
 * PostgreSQL text never holds NUL, and SQLite's patterns cannot: left out.
 */
function unsafeTest(dialect: Dialect): (column: string) => RawBuilder<unknown> {
  let set = '';
  for (let c = 1; c <= 0xffff; c++) if (hasUnsafeCharacters(String.fromCharCode(c))) set += String.fromCharCode(c);
  return (column: string) => (dialect === 'postgres' ? sql`${sql.ref(column)} ~ ${`[${set}]`}` : sql`${sql.ref(column)} glob ${`*[${set}]*`}`);
}
