import { publicFile } from '../access/rules.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { contentOf, type FileContent, type OpenFileInput } from './file-content.js';

/** A public file, for anyone; a signed-in reader is named in the audit log. */
export async function openPublicFile(ctx: DomainContext, actor: Actor | undefined, input: OpenFileInput): Promise<FileContent> {
  return contentOf(ctx, actor ?? null, await publicFile(ctx.db, input.fileId), input.inline);
}
