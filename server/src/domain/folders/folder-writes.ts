import { LIMITS, sentence } from '@vault/contract';
import { sql } from 'kysely';
import { isUniqueViolation, type Db } from '../../db/index.js';
import type { Audience } from '../../events/bus.js';
import { folderAudience, mergeAudiences, NOBODY } from '../access/audience.js';
import type { DomainContext } from '../shared/context.js';
import { Conflict, Invalid } from '../shared/errors.js';

export const PARENT_NOT_FOUND = sentence('parentFolderNotFound');

/** The unique sibling-name index refused a write: same owner, same parent, same name ignoring case. */
export function siblingConflict(err: unknown, name: string): unknown {
  return isUniqueViolation(err) ? new Conflict(sentence('folderNameTaken', { name })) : err;
}

/** A walk up or down a tree stops one level past the limit: that is enough to refuse, and stops at a cycle too. */
const WALK_MAX = LIMITS.folderDepthMax + 1;

/** The level of a folder, a top-level folder being the first (at most one past the limit). */
async function levelOf(trx: Db, folderId: number): Promise<number> {
  const { rows } = await sql<{ level: number }>`with recursive up(id, parent_id, level) as (
      select id, parent_id, 1 from folders where id = ${folderId}
      union all
      select f.id, f.parent_id, u.level + 1 from folders f join up u on f.id = u.parent_id where u.level < ${WALK_MAX}
    )
    select max(level) as level from up`.execute(trx);
  return Number(rows[0]?.level ?? 0);
}

/**
 * A new folder under `parentId` (the top level when null) stays within the
 * depth limit, which bounds every walk of a tree and every path in a zip.
 */
export async function assertRoomBelow(trx: Db, parentId: number | null): Promise<void> {
  if (parentId !== null && (await levelOf(trx, parentId)) + 1 > LIMITS.folderDepthMax) throw tooDeep();
}

/**
 * A folder may go under `parentId` (moved there, or copied): not the folder
 * itself nor below it, where a move would cut the subtree off in a cycle and
 * a copy would copy into what it copies; and its whole subtree, Trash
 * included (a restore puts it back), stays within the depth limit.
 */
export async function assertPlaceable(trx: Db, folderId: number, parentId: number | null, verb: 'moved' | 'copied' = 'moved'): Promise<void> {
  if (parentId === null) return;
  const { rows } = await sql<{ height: number; below: number }>`with recursive down(id, level) as (
      select id, 1 from folders where id = ${folderId}
      union all
      select c.id, d.level + 1 from folders c join down d on c.parent_id = d.id where d.level < ${WALK_MAX}
    )
    select max(level) as height, max(case when id = ${parentId} then 1 else 0 end) as below from down`.execute(trx);
  if (Number(rows[0]?.below) === 1) throw new Invalid(sentence(verb === 'moved' ? 'folderMovedIntoItself' : 'folderCopiedIntoItself'));
  if ((await levelOf(trx, parentId)) + Number(rows[0]?.height ?? 1) > LIMITS.folderDepthMax) throw tooDeep();
}

const tooDeep = () => new Invalid(sentence('folderTooDeep', { max: LIMITS.folderDepthMax }));

/** After commit: everyone who could see the folder before or can see it now. */
export async function publishFolderEvent(ctx: DomainContext, type: 'folder_created' | 'folder_updated', folderId: number, before: Audience = NOBODY) {
  await ctx.events.publish({
    event: { type, folder_id: folderId, at: new Date().toISOString() },
    audience: mergeAudiences(before, await folderAudience(ctx.db, folderId)),
  });
}
