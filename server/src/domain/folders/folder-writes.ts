import { isUniqueViolation } from '../../db/index.js';
import type { Audience } from '../../events/bus.js';
import { folderAudience, mergeAudiences, NOBODY } from '../access/audience.js';
import type { DomainContext } from '../shared/context.js';
import { Conflict } from '../shared/errors.js';

export const PARENT_NOT_FOUND = 'Parent folder not found';

/** The unique sibling-name index refused a write: same owner, same parent, same name ignoring case. */
export function siblingConflict(err: unknown, name: string): unknown {
  return isUniqueViolation(err) ? new Conflict(`A folder named "${name}" already exists here`) : err;
}

/** After commit: everyone who could see the folder before or can see it now. */
export async function publishFolderEvent(ctx: DomainContext, type: 'folder_created' | 'folder_updated', folderId: number, before: Audience = NOBODY) {
  await ctx.events.publish({
    event: { type, folder_id: folderId, at: new Date().toISOString() },
    audience: mergeAudiences(before, await folderAudience(ctx.db, folderId)),
  });
}
