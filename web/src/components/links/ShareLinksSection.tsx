import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link2, Link2Off, Pencil, Plus } from 'lucide-react';
import type { LinkItemRef, ShareLink } from '@vault/contract';
import { useRevokeShareLink, useShareLinks } from '../../api/links';
import { Button } from '../ui/Button';
import { FactLine } from '../ui/FactLine';
import { LoadingState } from '../ui/LoadingState';
import { LinkAddress } from './LinkAddress';
import { shareLinkFacts } from './link-facts';
import { LinkStateBadge } from './LinkStateBadge';
import { RemoveLinkButton } from './RemoveEndedLinks';
import { ShareLinkForm } from './ShareLinkForm';

function LinkRow({ item, link }: { item: LinkItemRef; link: ShareLink }) {
  const { t } = useTranslation('links');
  const name = link.label ?? t('section.unnamed');
  const revoke = useRevokeShareLink();
  const [editing, setEditing] = useState(false);
  const active = link.state === 'active';
  if (editing) {
    return (
      <li className="py-3">
        <ShareLinkForm item={item} link={link} onDone={() => setEditing(false)} />
      </li>
    );
  }
  return (
    <li className="space-y-2 py-3">
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{name}</span>
        <LinkStateBadge state={link.state} />
        {link.state !== 'revoked' && (
          <Button variant="ghost" size="sm" aria-label={t('editNamed', { name })} onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="size-4" />
            {/* On a phone the icons alone, so the link's name keeps its room. */}
            <span className="hidden sm:inline">{t('edit')}</span>
          </Button>
        )}
        {link.state !== 'revoked' && (
          <Button variant="ghost" size="sm" aria-label={t('revokeNamed', { name })} loading={revoke.isPending} onClick={() => revoke.mutate(link.id)}>
            <Link2Off aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">{t('revoke')}</span>
          </Button>
        )}
        {!active && <RemoveLinkButton kind="share" id={link.id} target={link.item.name} label={t('removeNamed', { name })} />}
      </div>
      <p className="text-xs text-slate-500">
        <FactLine facts={shareLinkFacts(link)} />
      </p>
      {active && <LinkAddress path={link.path} label={t('section.addressOf', { label: link.label ?? t('section.theLink') })} />}
    </li>
  );
}

/**
 * The share dialog's "Links" section: links that work for anyone who has
 * them, with an expiry, a password or a download limit, beside the item's
 * visibility and named users.
 */
export function ShareLinksSection({ item }: { item: LinkItemRef }) {
  const { t } = useTranslation('links');
  const links = useShareLinks(item);
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby="share-links-title" className="space-y-3 border-t border-slate-200 pt-4">
      <div className="flex items-center justify-between gap-2">
        <h3 id="share-links-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <Link2 aria-hidden="true" className="size-4 text-slate-500" />
          {t('section.title')}
        </h3>
        {!creating && (
          <Button variant="secondary" size="sm" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            {t('section.newLink')}
          </Button>
        )}
      </div>
      <p className="text-xs text-slate-500">{t(`section.help.${item.type}`)}</p>
      {creating && <ShareLinkForm item={item} onDone={() => setCreating(false)} />}
      {links.isPending ? (
        <LoadingState label={t('section.loading')} />
      ) : links.data && links.data.length > 0 ? (
        <ul aria-label={t('section.list')} className="divide-y divide-slate-100">
          {links.data.map((link) => (
            <LinkRow key={link.id} item={item} link={link} />
          ))}
        </ul>
      ) : (
        !creating && <p className="text-sm text-slate-500">{t('section.empty')}</p>
      )}
    </section>
  );
}
