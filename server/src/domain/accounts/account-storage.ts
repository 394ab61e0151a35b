import type { AccountStorage } from '@vault/contract';
import type { Actor, DomainContext } from '../shared/context.js';
import { userStorage } from '../stats/storage-figures.js';
import { quotaBytesOf } from './users.js';

const LARGEST_FILES = 5;

/** GET /api/account/storage: quota, what is charged (Trash included), what deduplication saved, and the largest live files. */
export async function accountStorage(ctx: DomainContext, actor: Actor): Promise<AccountStorage> {
  const user = await ctx.db.selectFrom('users').select(['storage_quota_bytes']).where('id', '=', actor.id).executeTakeFirstOrThrow();
  // The same figures as the dashboard's (versions included), so both screens show one saving.
  const figures = await userStorage(ctx.reads, actor.id);
  const largest = await ctx.db
    .selectFrom('files')
    .select(['id', 'original_name', 'file_size'])
    .where('user_id', '=', actor.id)
    .where('trashed_at', 'is', null)
    .orderBy('file_size', 'desc')
    .orderBy('id', 'desc')
    .limit(LARGEST_FILES)
    .execute();
  return {
    quota_bytes: quotaBytesOf(ctx, user),
    used_bytes: figures.total_storage_bytes,
    logical_bytes: figures.original_storage_bytes,
    savings_bytes: figures.savings_bytes,
    total_files: figures.file_count,
    largest: largest.map((f) => ({ id: f.id, original_name: f.original_name, file_size: Number(f.file_size) })),
  };
}
