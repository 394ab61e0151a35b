import { sql } from 'kysely';
import type { TrashItem, TrashList } from '@vault/contract';
import { isoTime, type Db } from '../../db/index.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { DAY_MS } from './trashed-items.js';

/** The path ("Projects / 2026") of each of these folders that is live; trashed or gone ones are left out. */
async function livePaths(db: Db, folderIds: number[]): Promise<Map<number, string>> {
  const paths = new Map<number, string>();
  if (folderIds.length === 0) return paths;
  const { rows } = await sql<{ id: number; parent_id: number | null; name: string; trashed_at: number | null }>`with recursive chain(id) as (
      select id from folders where id in (${sql.join(folderIds)})
      union
      select p.parent_id from chain c join folders p on p.id = c.id where p.parent_id is not null
    )
    select p.id, p.parent_id, p.name, p.trashed_at from chain c join folders p on p.id = c.id`.execute(db);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  for (const id of folderIds) {
    const names: string[] = [];
    const seen = new Set<number>();
    let live = true;
    for (let node = byId.get(id); node && !seen.has(Number(node.id)); node = node.parent_id === null ? undefined : byId.get(Number(node.parent_id))) {
      seen.add(Number(node.id));
      if (node.trashed_at !== null) live = false;
      names.unshift(node.name);
    }
    if (live && names.length > 0) paths.set(id, names.join(' / '));
  }
  return paths;
}

/**
 * GET /api/trash: what the caller deleted themselves, most recently deleted
 * first. What a folder's deletion took along is not listed apart but counted
 * in the folder's figures.
 */
export async function listTrash(ctx: DomainContext, actor: Actor): Promise<TrashList> {
  const { db } = ctx;
  const days = ctx.settings.trashDays;
  const files = await db
    .selectFrom('files')
    .select(['id', 'original_name', 'folder_id', 'trashed_at', 'file_size', 'mime_type'])
    .where('user_id', '=', actor.id)
    .where('trashed_at', 'is not', null)
    .where('trashed_with', 'is', null)
    .execute();
  const folders = await db
    .selectFrom('folders as fo')
    .select([
      'fo.id',
      'fo.name',
      'fo.parent_id',
      'fo.trashed_at',
      sql<number>`(select count(*) from files f where f.trashed_with = fo.id)`.as('file_count'),
      sql<number>`(select count(*) from folders c where c.trashed_with = fo.id)`.as('folder_count'),
      sql<number | null>`(select sum(f.file_size) from files f where f.trashed_with = fo.id)`.as('size'),
    ])
    .where('fo.user_id', '=', actor.id)
    .where('fo.trashed_at', 'is not', null)
    .where('fo.trashed_with', 'is', null)
    .execute();
  const total = await db
    .selectFrom('files')
    .select((eb) => eb.fn.sum<number | null>('file_size').as('bytes'))
    .where('user_id', '=', actor.id)
    .where('trashed_at', 'is not', null)
    .executeTakeFirstOrThrow();
  const places = [...files.map((f) => f.folder_id), ...folders.map((f) => f.parent_id)].flatMap((id) => (id === null ? [] : [id]));
  const paths = await livePaths(db, [...new Set(places)]);
  const dates = (trashedAt: number) => ({ trashed_at: isoTime(trashedAt), purge_at: isoTime(Number(trashedAt) + days * DAY_MS) });
  const items: (TrashItem & { at: number })[] = [
    ...files.map((f) => ({
      kind: 'file' as const,
      id: f.id,
      name: f.original_name,
      original_folder_id: f.folder_id,
      original_path: f.folder_id === null ? null : (paths.get(f.folder_id) ?? null),
      ...dates(f.trashed_at!),
      size: Number(f.file_size),
      mime_type: f.mime_type,
      file_count: 0,
      folder_count: 0,
      at: Number(f.trashed_at),
    })),
    ...folders.map((f) => ({
      kind: 'folder' as const,
      id: f.id,
      name: f.name,
      original_folder_id: f.parent_id,
      original_path: f.parent_id === null ? null : (paths.get(f.parent_id) ?? null),
      ...dates(f.trashed_at!),
      size: Number(f.size ?? 0),
      mime_type: null,
      file_count: Number(f.file_count),
      folder_count: Number(f.folder_count),
      at: Number(f.trashed_at),
    })),
  ];
  items.sort((a, b) => b.at - a.at || (a.kind === b.kind ? b.id - a.id : a.kind === 'folder' ? -1 : 1));
  return { items: items.map(({ at: _at, ...item }) => item), total_bytes: Number(total.bytes ?? 0), days };
}
