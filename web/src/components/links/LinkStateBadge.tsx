import type { LinkState } from '@vault/contract';
import { Badge, type BadgeTone } from '../ui/Badge';

const LOOK: Record<LinkState, { tone: BadgeTone; label: string }> = {
  active: { tone: 'success', label: 'Active' },
  expired: { tone: 'warning', label: 'Expired' },
  exhausted: { tone: 'warning', label: 'Limit reached' },
  revoked: { tone: 'neutral', label: 'Revoked' },
};

export function LinkStateBadge({ state, closedLabel = 'Revoked' }: { state: LinkState; closedLabel?: string }) {
  const { tone, label } = LOOK[state];
  return <Badge tone={tone}>{state === 'revoked' ? closedLabel : label}</Badge>;
}
