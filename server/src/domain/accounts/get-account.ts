import type { Account } from '@vault/contract';
import { recoveryCodesLeft } from '../two-factor/recovery-codes.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { actorDto } from './users.js';

/** GET /api/account. */
export async function getAccount(ctx: DomainContext, actor: Actor): Promise<Account> {
  return {
    user: actorDto(actor),
    two_factor_enabled: actor.twoFactor,
    recovery_codes_left: actor.twoFactor ? await recoveryCodesLeft(ctx.db, actor.id) : 0,
    must_change_password: actor.mustChangePassword,
  };
}
