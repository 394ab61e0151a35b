import type { AccountStorage } from '@vault/contract';
import type { Actor, DomainContext } from '../shared/context.js';
import { quotaBytesOf } from './users.js';

const LARGEST_FILES = 5;

/** GET /api/account/storage: quota, what is charged (Trash included), what deduplication saved, and the largest live files. */
export async function accountStorage(ctx: DomainContext, actor: Actor): Promise<AccountStorage> {
  const user = await ctx.db.selectFrom('users').select(['storage_quota_bytes', 'used_bytes']).where('id', '=', actor.id).executeTakeFirstOrThrow();
  const totals = await ctx.db
    .selectFrom('files')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.coalesce(eb.fn.sum<number>('file_size'), eb.lit(0)).as('logical')])
    .where('user_id', '=', actor.id)
    .executeTakeFirstOrThrow();
  const largest = await ctx.db
    .selectFrom('files')
    .select(['id', 'original_name', 'file_size'])
    .where('user_id', '=', actor.id)
    .where('trashed_at', 'is', null)
    .orderBy('file_size', 'desc')
    .orderBy('id', 'desc')
    .limit(LARGEST_FILES)
    .execute();
  const used = Number(user.used_bytes);
  const logical = Number(totals.logical);
  return {
    quota_bytes: quotaBytesOf(ctx, user),
    used_bytes: used,
    logical_bytes: logical,
    savings_bytes: Math.max(0, logical - used),
    total_files: Number(totals.count),
    largest: largest.map((f) => ({ id: f.id, original_name: f.original_name, file_size: Number(f.file_size) })),
  };
}
