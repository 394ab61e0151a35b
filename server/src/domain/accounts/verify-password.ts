import type { Actor, DomainContext } from '../shared/context.js';
import { WrongSecret } from '../shared/errors.js';
import { VALIDATION_MESSAGES } from '@vault/contract';

/**
 * Proves the person at the keyboard knows the password before a security
 * change. A wrong one is a 400, not a 401: the session itself is fine; the
 * HTTP layer counts it against the user (FailureLimiter.reconfirm).
 */
export async function assertPassword(ctx: DomainContext, actor: Actor, password: string, message: string = VALIDATION_MESSAGES.passwordWrong): Promise<void> {
  const { password_hash } = await ctx.db.selectFrom('users').select('password_hash').where('id', '=', actor.id).executeTakeFirstOrThrow();
  if (!(await ctx.passwords.verify(password_hash, password))) throw new WrongSecret(message);
}
