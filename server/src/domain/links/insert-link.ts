import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.js';
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
 * (not found) or waits and takes the link along. With a password it is also
 * checked before the hash, so that someone else's id costs no hashing.
 */
export async function insertLink(ctx: DomainContext, actor: Actor, fields: LinkFields, secrets: LinkSecrets): Promise<number> {
  const now = Date.now();
  const item = linkedItem(fields);
  if (item && secrets.password) await ownItem(ctx.db, actor, item);
  const passwordHash = secrets.password ? await ctx.passwords.hash(secrets.password) : null;
  return ctx.db.transaction().execute(async (trx) => {
    if (item) {
      await holdItem(trx, ctx.dialect, item.table, item.id);
      await ownItem(trx, actor, item);
    }
    const row = await trx
      .insertInto('links')
      .values({ ...fields, token: newLinkToken(), user_id: actor.id, password_hash: passwordHash, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

interface LinkedItem {
  table: 'files' | 'folders';
  id: number;
}

function linkedItem(fields: LinkFields): LinkedItem | undefined {
  if (fields.file_id) return { table: 'files', id: fields.file_id };
  if (fields.folder_id) return { table: 'folders', id: fields.folder_id };
  return undefined;
}

/** Refuses (not found) an item that is not the actor's. */
async function ownItem(db: Db, actor: Actor, item: LinkedItem): Promise<void> {
  await (item.table === 'files' ? ownedFile(db, actor.id, item.id) : ownedFolder(db, actor.id, item.id));
}

/** ISO date from the API to epoch ms in the table; absent stays absent. */
export function epochOf(iso: string | null | undefined): number | null | undefined {
  return iso === undefined ? undefined : iso === null ? null : Date.parse(iso);
}
