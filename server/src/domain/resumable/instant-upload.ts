import { KNOWN_EXTENSIONS, extensionOf, mimeOfExtension, type FileItem, type KnownExtension } from '@vault/contract';
import { ownedFolder } from '../access/rules.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { lockUser } from '../shared/locks.js';
import { ownsContent } from '../shared/quota.js';
import { withNameRetries, type Placed, type UploadOptions } from '../uploads/commit-upload.js';
import { placeOwnedContent } from '../uploads/owned-content.js';
import { announceFile } from '../files/announce-file.js';
import { collectLater } from '../files/release-files.js';
import { acceptedExtension, isTextExtension } from '../../storage/content-rules.js';

/** Whether content stored as `storedMime` passes the checks of a file named with `ext`. */
function fitsExtension(ext: string, storedMime: string, allowed: readonly KnownExtension[]): string | undefined {
  const accepted = acceptedExtension(ext, allowed);
  const wanted = mimeOfExtension(accepted);
  if (wanted === undefined || storedMime === wanted) return wanted;
  // Text types are told apart by name only: any UTF-8 text is acceptable under each.
  const storedIsText = KNOWN_EXTENSIONS.some((e) => mimeOfExtension(e) === storedMime && isTextExtension(e));
  return isTextExtension(accepted) && storedIsText ? wanted : undefined;
}

/**
 * "Instant upload": the client declared the content's SHA-256 and size, and
 * the caller already owns a file with exactly that content, so the new file
 * takes another reference to it and no byte is sent. Only the caller's own
 * files are consulted — never whether anybody else holds the content — so
 * the answer tells nothing about other users. Undefined when it does not
 * apply: the upload then goes on as usual and its bytes decide.
 */
export async function commitOwnedContent(
  ctx: DomainContext,
  actor: Actor,
  name: string,
  content: { hash: string; size: number },
  opts: UploadOptions,
): Promise<FileItem | undefined> {
  const commit = () =>
    ctx.db.transaction().execute(async (trx): Promise<Placed | undefined> => {
      await lockUser(trx, ctx.dialect, actor.id);
      if (!(await ownsContent(trx, actor.id, content.hash))) return undefined;
      const blob = await trx.selectFrom('blobs').select(['size', 'mime_type']).where('hash', '=', content.hash).executeTakeFirst();
      const mime = blob && Number(blob.size) === content.size ? fitsExtension(extensionOf(name), blob.mime_type, ctx.settings.allowedTypes) : undefined;
      if (mime === undefined) return undefined;
      if (opts.folderId !== null) await ownedFolder(trx, actor.id, opts.folderId);
      return placeOwnedContent(trx, ctx, actor, name, { ...content, mime }, opts);
    });
  const placed = await withNameRetries(opts, commit);
  if (!placed) return undefined;
  collectLater(ctx, placed.emptied);
  return announceFile(ctx, actor, placed.fileId, placed.replaced ? 'file_updated' : 'file_uploaded');
}
