import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Folder, FolderSearch } from '@vault/contract';
import { isoTime, type Db } from '../../db/index.js';
import { folderNodes, folderReader, type FolderNode, type Viewer } from '../access/rules.js';
import type { Condition } from '../files/search-conditions.js';
import { folderVisibilities } from '../files/visibility.js';

/** A folder filter over `folders as fo`; it seeds the recursive queries below as well. */
export type FolderScope = Condition;

const FILE_COUNT = sql<number>`(select count(*) from files f where f.folder_id = fo.id and f.trashed_at is null)`;

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
      select t.root_id, c.id from tree t join folders c on c.parent_id = t.id where c.trashed_at is null
    )
    select t.root_id as id, sum(f.file_size) as size from tree t join files f on f.folder_id = t.id where f.trashed_at is null group by t.root_id`.execute(db);
  return new Map(rows.map((r) => [Number(r.id), Number(r.size)]));
}

/**
 * The path (root first, ending with the folder) and parent of each scoped
 * folder as the viewer may see them: the ancestors they may read, which is
 * all of them for the owner and admins and, for anyone else, those from the
 * highest one public or shared with them. Nothing of a private ancestor shows,
 * not even its id.
 */
async function lineages(db: Db, viewer: Viewer, scope: FolderScope, ids: number[]): Promise<Map<number, Pick<Folder, 'path' | 'parent_id'>>> {
  const nodes = await folderNodes(db, viewer, scope);
  const canRead = folderReader(nodes, viewer);
  const parentOf = (node: FolderNode) => (node.parent_id === null ? undefined : nodes.get(node.parent_id));
  const lineage = new Map<number, Pick<Folder, 'path' | 'parent_id'>>();
  for (const id of ids) {
    const start = nodes.get(id);
    if (!start) continue;
    const path: Folder['path'] = [{ id: start.id, name: start.name }];
    const seen = new Set([start.id]);
    // Readable ancestors come first going up: everything below a readable folder is readable.
    for (let node = parentOf(start); node && !seen.has(node.id) && canRead(node.id); node = parentOf(node)) {
      seen.add(node.id);
      path.unshift({ id: node.id, name: node.name });
    }
    lineage.set(id, { path, parent_id: path.at(-2)?.id ?? null });
  }
  return lineage;
}

/** The live folders in scope, as the viewer sees them, sorted (by name unless told). */
export async function folderDtos(db: Db, viewer: Viewer, within: FolderScope, order: FolderOrder = BY_NAME): Promise<Folder[]> {
  // Trashed folders are listed by Trash alone, whatever the scope.
  const scope = sql<SqlBool>`${within} and fo.trashed_at is null`;
  const direction = order.sort_order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await db
    .selectFrom('folders as fo')
    .innerJoin('users as u', 'u.id', 'fo.user_id')
    .select([
      'fo.id',
      'fo.user_id',
      'u.username',
      'fo.name',
      'fo.is_public',
      'fo.created_at',
      'fo.updated_at',
      FILE_COUNT.as('file_count'),
      sql<number>`(select count(*) from folders c where c.parent_id = fo.id and c.trashed_at is null)`.as('subfolder_count'),
      sql<number>`(case when exists (select 1 from folder_stars st where st.user_id = ${viewer?.id ?? 0} and st.folder_id = fo.id) then 1 else 0 end)`.as('starred'),
    ])
    .where(sql<SqlBool>`${scope}`)
    .orderBy(sql`${SORT_COLUMNS[order.sort_by]} ${direction}`)
    .orderBy(sql`fo.id ${direction}`)
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [sizes, lines, visibilities] = await Promise.all([subtreeSizes(db, scope), lineages(db, viewer, scope, ids), folderVisibilities(db, viewer, rows)]);
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    username: r.username,
    name: r.name,
    parent_id: lines.get(r.id)?.parent_id ?? null,
    is_public: Number(r.is_public) === 1,
    visibility: visibilities.get(r.id) ?? { kind: 'private' },
    created_at: isoTime(r.created_at),
    updated_at: isoTime(r.updated_at),
    file_count: Number(r.file_count),
    subfolder_count: Number(r.subfolder_count),
    folder_size: sizes.get(r.id) ?? 0,
    path: lines.get(r.id)?.path ?? [{ id: r.id, name: r.name }],
    starred: Number(r.starred) === 1,
  }));
}

export async function folderDto(db: Db, viewer: Viewer, id: number): Promise<Folder> {
  const [dto] = await folderDtos(db, viewer, sql<SqlBool>`fo.id = ${id}`);
  if (!dto) throw new Error(`folder ${id} vanished`);
  return dto;
}
