import { readableFile } from '../access/rules.js';
import { viewerOf } from '../access/viewer.js';
import { authenticateDownload } from '../accounts/sessions.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Unauthorized } from '../shared/errors.js';
import { contentOf, type FileContent, type OpenFileInput } from './file-content.js';

/**
 * A file the caller may read. A caller without a session may bring a
 * download token instead: one minted for this very file by a session that is
 * still open (ending the session ends its tokens).
 */
export async function openFile(ctx: DomainContext, actor: Actor | undefined, input: OpenFileInput & { downloadToken?: string | undefined }): Promise<FileContent> {
  const reader = actor ?? (input.downloadToken ? await authenticateDownload(ctx, input.downloadToken, input) : undefined);
  if (!reader) throw new Unauthorized();
  return contentOf(ctx, reader, await readableFile(ctx.db, viewerOf(reader), input.fileId), input.inline);
}
