import { sql, type SqlBool } from 'kysely';
import { LIMITS, type SharedWithMeResponse } from '@vault/contract';
import { viewerOf } from '../access/viewer.js';
import { fileDtos } from '../files/dto.js';
import { folderDtos } from '../folders/dto.js';
import type { Actor, DomainContext } from '../shared/context.js';

/**
 * Files and folders other users shared with the caller by name, newest
 * first. Public content is listed with the public files, not here.
 */
export async function sharedWithMe(ctx: DomainContext, actor: Actor): Promise<SharedWithMeResponse> {
  const { db } = ctx;
  const viewer = viewerOf(actor);
  const files = await db
    .selectFrom('file_shares as s')
    .innerJoin('files as f', 'f.id', 's.file_id')
    .select('f.id')
    .where('s.user_id', '=', actor.id)
    .where('f.trashed_at', 'is', null)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(LIMITS.sharingPageLimit)
    .execute();
  const folders = await folderDtos(
    db,
    viewer,
    sql<SqlBool>`fo.id in (select folder_id from folder_shares where user_id = ${actor.id})`,
    { sort_by: 'created_at', sort_order: 'desc' },
  );
  return { files: await fileDtos(db, viewer, files.map((f) => f.id)), folders };
}
