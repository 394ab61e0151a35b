import { sql } from 'kysely';
import { LINK_LIMITS, replaceUnsafeCharacters, sentence, type ActivityVia, type OnConflict } from '@vault/contract';
import type { Db } from '../../db/index.js';
import type { LinkRow } from '../../db/schema.js';
import type { IngestedObject } from '../../storage/ingest.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Invalid, TooLarge } from '../shared/errors.js';
import type { UploadBatch } from '../uploads/upload-batch.js';
import type { UploadOptions } from '../uploads/commit-upload.js';
import { LinkRefused } from '../links/refusals.js';
import { linkState, refusalOf } from '../links/state.js';

/** The owner, as the upload engine's actor: files, quota and activity are theirs. */
export async function ownerActor(ctx: DomainContext, link: LinkRow): Promise<Actor> {
  const user = await ctx.db.selectFrom('users').select(['id', 'username', 'email', 'created_at']).where('id', '=', link.user_id).executeTakeFirstOrThrow();
  return { id: user.id, username: user.username, email: user.email, isAdmin: false, adminAccount: false, createdAt: user.created_at, sessionId: '', tokenExpiresAt: 0, twoFactor: false, mustChangePassword: false };
}

/**
 * Counts one file against the request inside the commit's transaction: the
 * UPDATE checks the request is still open and under max_files and max_bytes,
 * so concurrent uploads cannot pass the limits together.
 */
export async function countAgainst(trx: Db, link: LinkRow, object: Pick<IngestedObject, 'size'>): Promise<void> {
  const now = Date.now();
  const counted = await trx
    .updateTable('links')
    .set({ files_received: sql`files_received + 1`, bytes_received: sql`bytes_received + ${object.size}`, last_used_at: now })
    .where('id', '=', link.id)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .where((eb) => eb.or([eb('max_files', 'is', null), eb('files_received', '<', eb.ref('max_files'))]))
    .where((eb) => eb.or([eb('max_bytes', 'is', null), sql<boolean>`bytes_received + ${object.size} <= max_bytes`]))
    .returning('id')
    .executeTakeFirst();
  if (counted) return;
  const current = await trx.selectFrom('links').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow();
  const refusal = refusalOf(linkState(current, now));
  if (refusal) throw new LinkRefused(refusal);
  throw new TooLarge(sentence('requestFileTooLarge'));
}

/**
 * What a file request adds to the commit of a visitor's file: its limits
 * counted in the transaction, the arrival in the owner's activity, and
 * admission as new content whatever the owner holds.
 */
export function requestCommitOptions(link: LinkRow, visitor: string | null): Pick<UploadOptions, 'within' | 'via' | 'admitAsNew'> {
  return { within: (trx, object) => countAgainst(trx, link, object), via: viaFileRequest(link, visitor), admitAsNew: true };
}

/** How a file came through the request, for the owner's activity: the request and the name its visitor gave. */
export function viaFileRequest(link: LinkRow, visitor: string | null): ActivityVia {
  return { kind: 'file_request', link_id: link.id, label: link.label, visitor };
}

/** The name a visitor gives: control and bidi characters become spaces, and it is trimmed; empty is no name. */
export function visitorName(value: string, truncated = false): string | null {
  const visitor = replaceUnsafeCharacters(value, ' ').trim();
  if (truncated || visitor.length > LINK_LIMITS.uploaderNameMax) throw new Invalid(sentence('uploaderNameTooLong', { max: LINK_LIMITS.uploaderNameMax }));
  return visitor || null;
}

/** A visitor never replaces the owner's file, nor is refused for a name the owner used: both are kept. */
export const VISITOR_ON_CONFLICT: OnConflict = 'rename';

/**
 * The form of a file request's upload: the files go into the request's
 * folder, private, untagged, renamed beside a file of the same name; the only
 * other field is the visitor's name, which goes into the owner's activity.
 */
export function requestUploadForm(link: LinkRow) {
  return {
    async prepare(batch: UploadBatch): Promise<void> {
      await batch.chooseFolder(link.folder_id);
      batch.chooseOnConflict(VISITOR_ON_CONFLICT);
      Object.assign(batch.options, requestCommitOptions(link, null));
    },
    async apply(batch: UploadBatch, name: string, value: string, truncated: boolean): Promise<void> {
      if (name !== 'uploader_name') throw new Invalid('Only files and uploader_name may be sent');
      batch.options.via = viaFileRequest(link, visitorName(value, truncated));
    },
  };
}

/** Tells the owner, and no one else, of each file that arrived (the file's own event reaches its usual audience). */
export async function announceArrivals(ctx: DomainContext, link: LinkRow, files: { id: number }[]): Promise<void> {
  const at = new Date().toISOString();
  for (const file of files) {
    await ctx.events.publish({
      event: { type: 'request_uploaded', link_id: link.id, file_id: file.id, at },
      audience: { userIds: [link.user_id], public: false, onlyNamed: true },
    });
  }
}
