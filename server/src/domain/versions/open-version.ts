import { activityDetail } from '@vault/contract';
import { authenticateDownload } from '../accounts/sessions.js';
import { contentOf, type FileContent, type OpenFileInput } from '../files/file-content.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Unauthorized } from '../shared/errors.js';
import { ownedVersion, versionParams } from './owned-version.js';

/**
 * An earlier version's bytes, for the file's owner: served like the file
 * itself (its name, the version's type and size), from a session or a
 * download token minted for the file.
 */
export async function openVersion(
  ctx: DomainContext,
  actor: Actor | undefined,
  input: OpenFileInput & { versionId: number; downloadToken?: string | undefined },
): Promise<FileContent> {
  const reader = actor ?? (input.downloadToken ? await authenticateDownload(ctx, input.downloadToken, input) : undefined);
  if (!reader) throw new Unauthorized();
  const { file, version } = await ownedVersion(ctx.db, reader.id, input.fileId, input.versionId);
  const asFile = { ...file, blob_hash: version.blob_hash, file_size: version.size, mime_type: version.mime_type };
  return contentOf(ctx, reader, asFile, input.inline, { detail: activityDetail('version', versionParams(version)) });
}
