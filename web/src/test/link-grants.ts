import { LINK_LIMITS } from '@vault/contract';
import type { LinkKind } from '../api/link-grants';

/** A grant this tab received earlier for a link, as the page keeps it, with `minutesLeft` of its lifetime left. */
export function storeLinkGrant(kind: LinkKind, token: string, grant: string, minutesLeft = LINK_LIMITS.grantTtlSeconds / 60): void {
  const receivedAt = Date.now() - (LINK_LIMITS.grantTtlSeconds / 60 - minutesLeft) * 60_000;
  sessionStorage.setItem(`vault-link-grant:${kind}:${token}`, JSON.stringify({ grant, received_at: receivedAt }));
}
