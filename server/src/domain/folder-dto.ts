import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Folder, FolderSearch } from '@vault/contract';
import { isoTime, type Db } from '../db/index.js';
import type { Viewer } from './access.js';
import type { Condition } from './file-search.js';

/** A folder filter over `folders as fo`; it seeds the recursive queries below as well. */
export type FolderScope = Condition;

const FILE_COUNT = sql<number>`(select count(*) from files f where f.folder_id = fo.id)`;

const SORT_COLUMNS: Record<FolderSearch['sort_by'], RawBuilder<unknown>> = {
  name: sql`lower(fo.name)`,
  created_at: sql`fo.created_at`,
  file_count: FILE_COUNT,
};

export interface FolderOrder {
  sort_by: FolderSearch['sort_by'];
  sort_order: 'asc' | 'desc';
}

const BY_NAME: FolderOrder = { sort_by: 'name', sort_order: 'asc' };

/** Total size of the files in each scoped folder and its subfolders. */
async function subtreeSizes(db: Db, scope: FolderScope): Promise<Map<number, number>> {
  const { rows } = await sql<{ id: number; size: number }>`with recursive tree(root_id, id) as (
      select fo.id, fo.id from folders fo where ${scope}
      union
      select t.root_id, c.id from tree t join folders c on c.parent_id = t.id
    )
    select t.root_id as id, sum(f.file_size) as size from tree t join files f on f.folder_id = t.id group by t.root_id`.execute(db);
  return new Map(rows.map((r) => [Number(r.id), Number(r.size)]));
}

interface ChainNode {
  id: number;
  parent_id: number | null;
  name: string;
  user_id: number;
  /** Public, or shared with the viewer. */
  grants: boolean;
}

/**
 * Each scoped folder's breadcrumb, root first: every ancestor for its owner
 * and admins; for anyone else, from the highest folder that is public or
 * shared with them (what lies above it stays hidden).
 */
async function breadcrumbs(db: Db, viewer: Viewer, scope: FolderScope): Promise<Map<number, Folder['path']>> {
  const { rows } = await sql<ChainNode & { start_id: number }>`with recursive chain(start_id, id) as (
      select fo.id, fo.id from folders fo where ${scope}
      union
      select c.start_id, p.parent_id from chain c join folders p on p.id = c.id where p.parent_id is not null
    )
    select c.start_id, p.id, p.parent_id, p.name, p.user_id,
      case when p.is_public = 1 or exists (select 1 from folder_shares s where s.folder_id = p.id and s.user_id = ${viewer?.id ?? 0}) then 1 else 0 end as grants
    from chain c join folders p on p.id = c.id`.execute(db);
  const nodes = new Map<number, ChainNode>();
  const starts = new Set<number>();
  for (const r of rows) {
    nodes.set(Number(r.id), { id: Number(r.id), parent_id: r.parent_id, name: r.name, user_id: Number(r.user_id), grants: Number(r.grants) === 1 });
    starts.add(Number(r.start_id));
  }
  const paths = new Map<number, Folder['path']>();
  for (const start of starts) {
    const chain: ChainNode[] = [];
    for (let node = nodes.get(start); node && !chain.includes(node); node = node.parent_id === null ? undefined : nodes.get(node.parent_id)) {
      chain.unshift(node);
    }
    const seesAll = viewer !== undefined && (viewer.isAdmin || chain.at(-1)?.user_id === viewer.id);
    const top = seesAll ? 0 : Math.max(0, chain.findIndex((n) => n.grants));
    paths.set(start, chain.slice(top).map((n) => ({ id: n.id, name: n.name })));
  }
  return paths;
}

/** The folders in scope, as the viewer sees them, sorted (by name unless told). */
export async function folderDtos(db: Db, viewer: Viewer, scope: FolderScope, order: FolderOrder = BY_NAME): Promise<Folder[]> {
  const direction = order.sort_order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await db
    .selectFrom('folders as fo')
    .innerJoin('users as u', 'u.id', 'fo.user_id')
    .select([
      'fo.id',
      'fo.user_id',
      'u.username',
      'fo.name',
      'fo.parent_id',
      'fo.is_public',
      'fo.created_at',
      'fo.updated_at',
      FILE_COUNT.as('file_count'),
      sql<number>`(select count(*) from folders c where c.parent_id = fo.id)`.as('subfolder_count'),
    ])
    .where(sql<SqlBool>`${scope}`)
    .orderBy(sql`${SORT_COLUMNS[order.sort_by]} ${direction}`)
    .orderBy(sql`fo.id ${direction}`)
    .execute();
  if (rows.length === 0) return [];
  const [sizes, paths] = await Promise.all([subtreeSizes(db, scope), breadcrumbs(db, viewer, scope)]);
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    username: r.username,
    name: r.name,
    parent_id: r.parent_id,
    is_public: Number(r.is_public) === 1,
    created_at: isoTime(r.created_at),
    updated_at: isoTime(r.updated_at),
    file_count: Number(r.file_count),
    subfolder_count: Number(r.subfolder_count),
    folder_size: sizes.get(r.id) ?? 0,
    path: paths.get(r.id) ?? [{ id: r.id, name: r.name }],
  }));
}

export async function folderDto(db: Db, viewer: Viewer, id: number): Promise<Folder> {
  const [dto] = await folderDtos(db, viewer, sql<SqlBool>`fo.id = ${id}`);
  if (!dto) throw new Error(`folder ${id} vanished`);
  return dto;
}
