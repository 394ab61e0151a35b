import type { Audience } from '../../events/bus.js';
import { fileAudience, folderAudience } from '../access/audience.js';
import { announceAccessChange } from '../accounts/end-sessions.js';
import { collectLater, releaseFiles } from '../files/release-files.js';
import { recordActivity } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Invalid } from '../shared/errors.js';
import { assertNotLastAdmin, assertNotSelf, lockTarget } from './user-guards.js';
import { VALIDATION_MESSAGES, sentence, activityDetail } from '@vault/contract';

interface Removed {
  files: { id: number; audience: Audience }[];
  folders: { id: number; audience: Audience }[];
  emptied: string[];
}

/**
 * DELETE /api/admin/users/{id}: the account and everything it owns, in one
 * transaction. Files go through the same release as any delete (each blob
 * loses exactly one reference per file row, emptied blobs are collected after
 * the response); folders, shares, sessions and recovery codes go with the
 * account. The admin confirms by typing the username. Everyone who could see
 * a removed file or folder is told, and the user's sockets close everywhere.
 */
export async function deleteUser(ctx: DomainContext, admin: Actor, userId: number, confirmUsername: string): Promise<void> {
  const removed = await ctx.db.transaction().execute(async (trx): Promise<Removed> => {
    const target = await lockTarget(trx, ctx, admin, userId);
    assertNotSelf(admin, target, sentence('cannotDeleteSelf'));
    if (confirmUsername.toLowerCase() !== target.username.toLowerCase()) throw new Invalid(VALIDATION_MESSAGES.confirmUsernameMismatch);
    await assertNotLastAdmin(trx, target, sentence('lastAdminDeleted'));
    const files = await trx.selectFrom('files').select(['id', 'user_id', 'is_public', 'folder_id']).where('user_id', '=', userId).execute();
    const folders = await trx.selectFrom('folders').select('id').where('user_id', '=', userId).execute();
    // Read while the rows and their shares still exist.
    const audiences: Omit<Removed, 'emptied'> = { files: [], folders: [] };
    for (const f of files) audiences.files.push({ id: f.id, audience: await fileAudience(trx, f) });
    for (const f of folders) audiences.folders.push({ id: f.id, audience: await folderAudience(trx, f.id) });
    const now = Date.now();
    const released = await releaseFiles(trx, ctx.dialect, files, now);
    // One statement: the parent_id references are checked once it has run.
    await trx.deleteFrom('folders').where('user_id', '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    await recordActivity(
      trx,
      { type: 'user_deleted', userId: admin.id, detail: activityDetail('userDeleted', { name: target.username, files: released.files.length, folders: folders.length }) },
      now,
    );
    const gone = new Set(released.files.map((f) => f.id));
    return { files: audiences.files.filter((f) => gone.has(f.id)), folders: audiences.folders, emptied: released.emptied };
  });
  collectLater(ctx, removed.emptied);
  await announceAccessChange(ctx, userId);
  const at = new Date().toISOString();
  for (const f of removed.files) await ctx.events.publish({ event: { type: 'file_deleted', file_id: f.id, at }, audience: f.audience });
  for (const f of removed.folders) await ctx.events.publish({ event: { type: 'folder_deleted', folder_id: f.id, at }, audience: f.audience });
}
