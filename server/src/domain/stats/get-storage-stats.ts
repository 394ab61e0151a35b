import type { StorageStats } from '@vault/contract';
import type { Actor, DomainContext } from '../shared/context.js';
import { systemStorage, userStorage } from './storage-figures.js';

/**
 * The caller's own files for users, physical bytes being what they are
 * charged (the same figure as their quota usage); the whole system for
 * admins, who see all files on their dashboard.
 */
export function getStorageStats(ctx: DomainContext, actor: Actor): Promise<StorageStats> {
  return actor.isAdmin ? systemStorage(ctx.reads) : userStorage(ctx.reads, actor.id);
}
