import { sql } from 'kysely';
import type { StorageStats } from '@vault/contract';
import type { Actor, DomainContext } from '../shared/context.js';
import { storageOf, systemStorage } from './storage-figures.js';

/**
 * The caller's own files for users, physical bytes being what they are
 * charged (the same figure as their quota usage); the whole system for
 * admins, who see all files on their dashboard.
 */
export function getStorageStats(ctx: DomainContext, actor: Actor): Promise<StorageStats> {
  if (actor.isAdmin) return systemStorage(ctx.reads);
  return storageOf(ctx.reads, sql`user_id = ${actor.id}`, sql`(select used_bytes from users where id = ${actor.id})`);
}
