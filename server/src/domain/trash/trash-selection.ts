import type { TrashResults } from '@vault/contract';
import type { Db } from '../../db/index.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { eachItem, type Item, type ItemChange } from '../shared/each-item.js';
import { lockUser } from '../shared/locks.js';

export type TrashChange = ItemChange<{ name: string; folder_id: number | null }>;

export interface TrashActionOptions {
  /** Runs first, under the lock, and may refuse the whole request. */
  before?: (trx: Db) => Promise<void>;
  /** Folders are taken before files (a restore: a file comes back into its folder restored with it). */
  foldersFirst?: boolean;
}

/**
 * One action over trashed items of the caller's, in one transaction under
 * their lock, each item whole or not at all (see eachItem). Results name the
 * files first, then the folders, in the order named (as every bulk action).
 */
export async function applyToTrash(
  ctx: DomainContext,
  actor: Actor,
  selection: { file_ids: number[]; folder_ids: number[] },
  change: (trx: Db, item: Item) => Promise<TrashChange | null>,
  { before = async () => {}, foldersFirst = false }: TrashActionOptions = {},
): Promise<TrashResults> {
  const files: Item[] = selection.file_ids.map((id) => ({ kind: 'file' as const, id }));
  const folders: Item[] = selection.folder_ids.map((id) => ({ kind: 'folder' as const, id }));
  const { results, announcements } = await ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, ctx.dialect, actor.id);
    await before(trx);
    return eachItem(trx, foldersFirst ? [...folders, ...files] : [...files, ...folders], (item) => change(trx, item));
  });
  for (const announce of announcements) await announce(ctx);
  return { results: [...results.filter((r) => r.kind === 'file'), ...results.filter((r) => r.kind === 'folder')] };
}
