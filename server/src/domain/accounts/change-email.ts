import { sentence, type EmailChange, type User } from '@vault/contract';
import { isUniqueViolation, lowerEq } from '../../db/index.js';
import { recordActivity } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Conflict } from '../shared/errors.js';
import { toUserDto } from './users.js';


/** PUT /api/account/email: unique in any case, like at registration; the unique index settles a race. */
export async function changeEmail(ctx: DomainContext, actor: Actor, change: EmailChange): Promise<User> {
  const taken = await ctx.db.selectFrom('users').select('id').where(lowerEq('email', change.email)).where('id', '!=', actor.id).executeTakeFirst();
  if (taken) throw new Conflict(sentence('emailTaken'));
  try {
    const row = await ctx.db.transaction().execute(async (trx) => {
      const updated = await trx.updateTable('users').set({ email: change.email }).where('id', '=', actor.id).returningAll().executeTakeFirstOrThrow();
      if (change.email !== actor.email) await recordActivity(trx, { type: 'email_changed', userId: actor.id });
      return updated;
    });
    return toUserDto(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(sentence('emailTaken'));
    throw err;
  }
}
