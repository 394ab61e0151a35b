import type { Insertable } from 'kysely';
import type { LinksTable } from '../../db/schema.js';
import { ownedFile, ownedFolder } from '../access/rules.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { holdItem } from '../shared/locks.js';
import { newLinkToken } from './token.js';

/** What differs between a share link and a file request; the rest is common. */
export type LinkFields = Omit<Insertable<LinksTable>, 'id' | 'token' | 'user_id' | 'password_hash' | 'created_at' | 'updated_at'>;

export interface LinkSecrets {
  password?: string | null | undefined;
}

/**
 * A fresh token and, when a password is set, its argon2id hash; answers the
 * new link's id. Its file or folder must be the caller's: it is held and
 * checked in the insert's transaction, so a delete of it either comes first
 * (not found) or waits and takes the link along.
 */
export async function insertLink(ctx: DomainContext, actor: Actor, fields: LinkFields, secrets: LinkSecrets): Promise<number> {
  const now = Date.now();
  const passwordHash = secrets.password ? await ctx.passwords.hash(secrets.password) : null;
  return ctx.db.transaction().execute(async (trx) => {
    if (fields.file_id) {
      await holdItem(trx, ctx.dialect, 'files', fields.file_id);
      await ownedFile(trx, actor.id, fields.file_id);
    } else if (fields.folder_id) {
      await holdItem(trx, ctx.dialect, 'folders', fields.folder_id);
      await ownedFolder(trx, actor.id, fields.folder_id);
    }
    const row = await trx
      .insertInto('links')
      .values({ ...fields, token: newLinkToken(), user_id: actor.id, password_hash: passwordHash, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** ISO date from the API to epoch ms in the table; absent stays absent. */
export function epochOf(iso: string | null | undefined): number | null | undefined {
  return iso === undefined ? undefined : iso === null ? null : Date.parse(iso);
}
