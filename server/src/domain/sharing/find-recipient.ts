import type { Recipient } from '@vault/contract';
import type { Actor, DomainContext } from '../shared/context.js';
import { resolveUsernames } from './shares.js';

/**
 * Whether a name belongs to a user the caller may share with, as the share
 * dialog adds it. It answers exactly what saving a share with that name would
 * (the user's spelling, or "Unknown user: {name}" with the name listed), one
 * name a request where a share takes many: it tells nothing new, and it is
 * counted against the caller's request budget like every call.
 */
export async function findRecipient(ctx: DomainContext, _actor: Actor, { username }: { username: string }): Promise<Recipient> {
  // Owner id 0: the caller's own name is a user too (a share simply leaves them out).
  const [user] = await resolveUsernames(ctx.db, [username], 0);
  return { username: user!.username };
}
