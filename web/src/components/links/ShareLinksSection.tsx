import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link2, Plus } from 'lucide-react';
import type { LinkItemRef, ShareLink } from '@vault/contract';
import { useShareLinks } from '../../api/links';
import { Button } from '../ui/Button';
import { FactLine } from '../ui/FactLine';
import { LoadingState } from '../ui/LoadingState';
import { LinkAddress } from './LinkAddress';
import { shareLinkFacts } from './link-facts';
import { EditLinkButton, RevokeLinkButton } from './LinkRowButtons';
import { LinkStateBadge } from './LinkStateBadge';
import { RemoveLinkButton } from './RemoveEndedLinks';
import { ShareLinkForm } from './ShareLinkForm';

function LinkRow({ item, link }: { item: LinkItemRef; link: ShareLink }) {
  const { t } = useTranslation('links');
  const name = link.label ?? t('section.unnamed');
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
      {/* The buttons go under the name and state when all do not fit in a line (a phone), rather than cut the name short. */}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="flex min-w-0 flex-1 basis-48 items-center gap-2">
          <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{name}</span>
          <LinkStateBadge state={link.state} />
        </span>
        <span className="ml-auto flex items-center gap-1.5">
          {link.state !== 'revoked' && <EditLinkButton label={t('editNamed', { name })} onClick={() => setEditing(true)} />}
          {link.state !== 'revoked' && <RevokeLinkButton id={link.id} label={t('revokeNamed', { name })} />}
          {!active && <RemoveLinkButton kind="share" id={link.id} target={link.item.name} label={t('removeNamed', { name })} />}
        </span>
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
