import { ownedFile } from '../access/rules.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { trashOn } from '../trash/trash-on.js';
import { removeFile } from './remove-file.js';

/** A file goes (to Trash, unless TRASH_DAYS is 0) at its owner's request only; anyone else's id is "not found". */
export async function deleteFile(ctx: DomainContext, actor: Actor, { fileId }: { fileId: number }): Promise<void> {
  await removeFile(ctx, actor, await ownedFile(ctx.db, actor.id, fileId), { toTrash: trashOn(ctx) });
}
