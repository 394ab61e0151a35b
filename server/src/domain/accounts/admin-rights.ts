import { sentence, type Sentence } from '@vault/contract';
import type { Actor, DomainSettings } from '../shared/context.js';

/** What the admin gate asks of an account. */
export type AdminGateFacts = Pick<Actor, 'adminAccount' | 'twoFactor' | 'mustChangePassword'>;

/**
 * Why this account may not use an admin's rights now, or undefined when it
 * may. The one gate for the admin routes and for everything else an admin's
 * rights open (other users' files through every route and signed link, every
 * user's events on a websocket): an admin it refuses (a password to choose
 * first, no two-factor sign-in yet where it is required) acts as a plain
 * user, so a password alone never opens every user's files.
 */
export function adminRefusal(account: AdminGateFacts, settings: Pick<DomainSettings, 'requireTwoFactorForAdmins'>): Sentence | undefined {
  if (!account.adminAccount) return sentence('adminRequired');
  if (account.mustChangePassword) return sentence('passwordChangeRequired');
  if (settings.requireTwoFactorForAdmins && !account.twoFactor) return sentence('twoFactorRequired');
  return undefined;
}

/** Whether the account acts with an admin's rights now. */
export function actsAsAdmin(account: AdminGateFacts, settings: Pick<DomainSettings, 'requireTwoFactorForAdmins'>): boolean {
  return adminRefusal(account, settings) === undefined;
}
