import type { Actor } from '../shared/context.js';
import type { Viewer } from './rules.js';

/** The caller as the access rules see them: who, and whether an admin; nobody when signed out. */
export function viewerOf(actor: Actor | undefined | null): Viewer {
  return actor ? { id: actor.id, isAdmin: actor.isAdmin } : undefined;
}
