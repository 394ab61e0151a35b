import { sql } from 'kysely';
import type { EffectiveVisibility } from '@vault/contract';
import { compiledOnce } from '../../db/compiled.js';
import type { Db } from '../../db/index.js';
import type { Viewer } from '../access/rules.js';

export interface VisibilityRow {
  id: number;
  user_id: number;
  is_public: number;
  folder_id: number | null;
}

interface ChainFolder {
  parent_id: number | null;
  name: string;
  is_public: boolean;
}

/** These folders and every folder above them. UNION stops on a cycle, should one ever exist. */
const chainRows = compiledOnce(
  (_db: Db, v: { ids: number[] }) =>
    sql<{ id: number; parent_id: number | null; name: string; is_public: number }>`with recursive chain(id) as (
      select id from folders where id in (${sql.join(v.ids)})
      union
      select p.parent_id from chain c join folders p on p.id = c.id where p.parent_id is not null
    )
    select p.id, p.parent_id, p.name, p.is_public from chain c join folders p on p.id = c.id`,
);

async function chains(db: Db, folderIds: number[]): Promise<Map<number, ChainFolder>> {
  if (folderIds.length === 0) return new Map();
  const rows = await chainRows(db, { ids: folderIds });
  return new Map(rows.map((r) => [Number(r.id), { parent_id: r.parent_id === null ? null : Number(r.parent_id), name: r.name, is_public: Number(r.is_public) === 1 }]));
}

/** Files' shares: with whom, by id and by name, by file id (read with the files' rows). */
export type FileShares = Map<number, { user_id: number; username: string }[]>;

const folderShareRows = compiledOnce((db: Db, v: { ids: number[] }) =>
  db.selectFrom('folder_shares as s').innerJoin('users as u', 'u.id', 's.user_id').select(['s.folder_id as item', 'u.username']).where('s.folder_id', 'in', v.ids),
);

/** Usernames by folder id, from the folder shares. */
async function folderSharedNames(db: Db, ids: number[]): Promise<Map<number, string[]>> {
  const byItem = new Map<number, string[]>();
  if (ids.length === 0) return byItem;
  const rows = await folderShareRows(db, { ids });
  for (const { item, username } of rows) byItem.set(Number(item), [...(byItem.get(Number(item)) ?? []), username]);
  return byItem;
}

/** What a walk up from a folder found: the nearest public folder on the way, else everyone it is shared with. */
interface Walk {
  publicFolder: { folder_id: number; folder_name: string } | null;
  names: Set<string>;
}

/** Walks from a folder (itself included) up to its root, gathering into `names`. */
function walkUp(folders: Map<number, ChainFolder>, shares: Map<number, string[]>, from: number | null, names: Set<string>): Walk {
  const walked = new Set<number>();
  for (let id = from; id !== null && !walked.has(id); ) {
    walked.add(id);
    const folder = folders.get(id);
    if (!folder) break;
    if (folder.is_public) return { publicFolder: { folder_id: id, folder_name: folder.name }, names };
    for (const name of shares.get(id) ?? []) names.add(name);
    id = folder.parent_id;
  }
  return { publicFolder: null, names };
}

/** Shared by name, with whom for the owner only: anyone else learns that it is, not with whom. */
function sharedOrPrivate(viewer: Viewer, ownerId: number, names: Set<string>): EffectiveVisibility {
  if (names.size === 0) return { kind: 'private' };
  return { kind: 'shared', users: viewer?.id === ownerId ? [...names].sort((a, b) => a.localeCompare(b)) : null };
}

/** The folders (these ids and every one above them) and their shares by name: two queries. */
async function chainsWithShares(db: Db, folderIds: number[]) {
  const folders = await chains(db, [...new Set(folderIds)]);
  return { folders, shares: await folderSharedNames(db, [...folders.keys()]) };
}

/**
 * The effective visibility of each file (contract's EffectiveVisibility): a
 * public file; else the nearest public folder above it; else everyone it is
 * shared with by name, directly or through a folder above it; else private.
 * Two queries whatever the number of files, for the folders above them.
 */
export async function effectiveVisibilities(db: Db, viewer: Viewer, rows: VisibilityRow[], fileShares: FileShares): Promise<Map<number, EffectiveVisibility>> {
  const { folders, shares } = await chainsWithShares(db, rows.flatMap((r) => (r.folder_id === null ? [] : [r.folder_id])));
  const result = new Map<number, EffectiveVisibility>();
  for (const row of rows) {
    if (Number(row.is_public) === 1) {
      result.set(row.id, { kind: 'public' });
      continue;
    }
    const walk = walkUp(folders, shares, row.folder_id, new Set((fileShares.get(row.id) ?? []).map((share) => share.username)));
    result.set(row.id, walk.publicFolder ? { kind: 'public_folder', ...walk.publicFolder } : sharedOrPrivate(viewer, row.user_id, walk.names));
  }
  return result;
}

/**
 * The same for folders: public itself; else the nearest public folder above
 * it; else everyone it or a folder above it is shared with; else private.
 * Two queries whatever the number of folders.
 */
export async function folderVisibilities(db: Db, viewer: Viewer, rows: { id: number; user_id: number }[]): Promise<Map<number, EffectiveVisibility>> {
  const { folders, shares } = await chainsWithShares(db, rows.map((r) => r.id));
  const result = new Map<number, EffectiveVisibility>();
  for (const row of rows) {
    const walk = walkUp(folders, shares, row.id, new Set());
    if (walk.publicFolder?.folder_id === row.id) result.set(row.id, { kind: 'public' });
    else result.set(row.id, walk.publicFolder ? { kind: 'public_folder', ...walk.publicFolder } : sharedOrPrivate(viewer, row.user_id, walk.names));
  }
  return result;
}
