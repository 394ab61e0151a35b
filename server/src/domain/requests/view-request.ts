import { sql } from 'kysely';
import type { FileRequestView } from '@vault/contract';
import type { LinkRow } from '../../db/schema.js';
import type { DomainContext } from '../shared/context.js';

/**
 * GET /api/r/{token}: what a visitor may know before sending files: who asks,
 * their message, and what the request still takes. Never the folder, nor
 * anything in it. A visit counts as a view and a use; the open page's
 * re-checks (`again`) count nothing and write nothing.
 */
export async function viewFileRequest(ctx: DomainContext, link: LinkRow, { again }: { again: boolean }): Promise<FileRequestView> {
  if (!again) await ctx.db.updateTable('links').set({ views: sql`views + 1`, last_used_at: Date.now() }).where('id', '=', link.id).execute();
  const owner = await ctx.db.selectFrom('users').select('username').where('id', '=', link.user_id).executeTakeFirstOrThrow();
  return {
    owner: owner.username,
    message: link.message,
    expires_at: link.expires_at === null ? null : new Date(Number(link.expires_at)).toISOString(),
    files_left: link.max_files === null ? null : Math.max(0, link.max_files - link.files_received),
    bytes_left: link.max_bytes === null ? null : Math.max(0, Number(link.max_bytes) - Number(link.bytes_received)),
  };
}
