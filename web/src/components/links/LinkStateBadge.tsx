import { useTranslation } from 'react-i18next';
import type { LinkState } from '@vault/contract';
import { Badge, type BadgeTone } from '../ui/Badge';

const TONE: Record<LinkState, BadgeTone> = { active: 'success', expired: 'warning', exhausted: 'warning', revoked: 'neutral' };

/** A link's state; a closed file request reads "Closed" rather than "Revoked". */
export function LinkStateBadge({ state, closed = false }: { state: LinkState; closed?: boolean }) {
  const { t } = useTranslation('links');
  return <Badge tone={TONE[state]}>{state === 'revoked' && closed ? t('state.closed') : t(`state.${state}`)}</Badge>;
}
