import type { TopFile } from '@vault/contract';
import type { Actor, DomainContext } from '../shared/context.js';

/** The most downloaded live files; never-downloaded files are not ranked. */
export async function topFiles(ctx: DomainContext, _admin: Actor, { limit }: { limit: number }): Promise<TopFile[]> {
  const rows = await ctx.db
    .selectFrom('files as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['f.id', 'f.original_name', 'u.username', 'f.download_count', 'f.file_size'])
    .where('f.download_count', '>', 0)
    .where('f.trashed_at', 'is', null)
    .orderBy('f.download_count', 'desc')
    .orderBy('f.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, download_count: Number(r.download_count), file_size: Number(r.file_size) }));
}
