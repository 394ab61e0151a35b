import { readableFile } from '../access/rules.js';
import { viewerOf } from '../access/viewer.js';
import { removeFile } from '../files/remove-file.js';
import type { Actor, DomainContext } from '../shared/context.js';

/** An admin deletes anyone's file, for good (never to Trash); the audit log records it as an admin delete, naming the owner. */
export async function deleteAnyFile(ctx: DomainContext, admin: Actor, { fileId }: { fileId: number }): Promise<void> {
  await removeFile(ctx, admin, await readableFile(ctx.db, viewerOf(admin), fileId), { toTrash: false, asAdmin: true });
}
