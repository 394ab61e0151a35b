import type { FileVersionsResponse } from '@vault/contract';
import { isoTime } from '../../db/index.js';
import { ownedFile } from '../access/rules.js';
import type { Actor, DomainContext } from '../shared/context.js';

/** The owner's view of a file's contents: the current one, then its versions, newest first. Anyone else: not found. */
export async function listVersions(ctx: DomainContext, actor: Actor, { fileId }: { fileId: number }): Promise<FileVersionsResponse> {
  const file = await ownedFile(ctx.db, actor.id, fileId);
  const versions = await ctx.db
    .selectFrom('file_versions as v')
    .leftJoin('users as u', 'u.id', 'v.uploaded_by')
    .select(['v.id', 'v.size', 'v.mime_type', 'v.uploaded_at', 'u.username'])
    .where('v.file_id', '=', fileId)
    .orderBy('v.id', 'desc')
    .execute();
  return {
    current: {
      size: Number(file.file_size),
      mime_type: file.mime_type,
      // Only the owner puts content into their files.
      uploaded_by: actor.username,
      uploaded_at: isoTime(file.content_at ?? file.created_at),
    },
    versions: versions.map((v) => ({ id: v.id, size: Number(v.size), mime_type: v.mime_type, uploaded_by: v.username, uploaded_at: isoTime(v.uploaded_at) })),
    keep: ctx.settings.versionsKeep,
  };
}
