import { sentence } from '@vault/contract';
import { sql } from 'kysely';
import { isUniqueViolation, type Db } from '../../db/index.js';
import type { Audience } from '../../events/bus.js';
import { folderAudience, mergeAudiences, NOBODY } from '../access/audience.js';
import { folderTree } from '../access/rules.js';
import type { DomainContext } from '../shared/context.js';
import { Conflict, Invalid } from '../shared/errors.js';

export const PARENT_NOT_FOUND = sentence('parentFolderNotFound');

/** The unique sibling-name index refused a write: same owner, same parent, same name ignoring case. */
export function siblingConflict(err: unknown, name: string): unknown {
  return isUniqueViolation(err) ? new Conflict(sentence('folderNameTaken', { name })) : err;
}

/**
 * Refuses a parent that is the folder itself or lies below it: a move would
 * cut the subtree off in a cycle, a copy would copy into what it copies.
 */
export async function assertNotBelow(trx: Db, folderId: number, parentId: number, verb: 'moved' | 'copied' = 'moved'): Promise<void> {
  const { rows } = await sql<{ id: number }>`${folderTree(folderId)} select id from tree where id = ${parentId}`.execute(trx);
  if (rows.length > 0) throw new Invalid(sentence(verb === 'moved' ? 'folderMovedIntoItself' : 'folderCopiedIntoItself'));
}

/** After commit: everyone who could see the folder before or can see it now. */
export async function publishFolderEvent(ctx: DomainContext, type: 'folder_created' | 'folder_updated', folderId: number, before: Audience = NOBODY) {
  await ctx.events.publish({
    event: { type, folder_id: folderId, at: new Date().toISOString() },
    audience: mergeAudiences(before, await folderAudience(ctx.db, folderId)),
  });
}
