import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link2, Plus, Trash2 } from 'lucide-react';
import type { LinkItemRef, ShareLink } from '@vault/contract';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '../../api/links';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { LoadingState } from '../ui/LoadingState';
import { TextField } from '../ui/TextField';
import { LinkAddress } from './LinkAddress';
import { endOfDay, shareLinkFacts } from './link-facts';
import { LinkSettingsFields, NO_SETTINGS, type CommonLinkSettings } from './LinkSettingsFields';
import { LinkStateBadge } from './LinkStateBadge';

interface Draft extends CommonLinkSettings {
  maxDownloads: string;
  allowPreview: boolean;
}

function CreateLinkForm({ item, onDone }: { item: LinkItemRef; onDone(): void }) {
  const { t } = useTranslation('links');
  const [draft, setDraft] = useState<Draft>({ ...NO_SETTINGS, maxDownloads: '', allowPreview: true });
  const create = useCreateShareLink();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        item,
        label: draft.label.trim() || null,
        expires_at: endOfDay(draft.expires),
        password: draft.password || null,
        max_downloads: draft.maxDownloads ? Number(draft.maxDownloads) : null,
        allow_preview: draft.allowPreview,
      },
      { onSuccess: onDone },
    );
  };
  return (
    <form aria-label={t('form.newLink')} onSubmit={submit} className="space-y-3 rounded-lg border border-slate-200 bg-slate-50/60 p-3">
      <LinkSettingsFields<Draft> value={draft} onChange={setDraft}>
        <TextField
          label={t('field.maxDownloads')}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          value={draft.maxDownloads}
          onChange={(e) => setDraft({ ...draft, maxDownloads: e.target.value })}
        />
      </LinkSettingsFields>
      <Checkbox label={t('field.allowPreview')} description={t('field.allowPreviewHelp')} checked={draft.allowPreview} onChange={(e) => setDraft({ ...draft, allowPreview: e.target.checked })} />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onDone} disabled={create.isPending}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" size="sm" loading={create.isPending}>
          {t('form.create')}
        </Button>
      </div>
    </form>
  );
}

function LinkRow({ link }: { link: ShareLink }) {
  const { t } = useTranslation('links');
  const name = link.label ?? t('section.unnamed');
  const revoke = useRevokeShareLink();
  const active = link.state === 'active';
  return (
    <li className="space-y-2 py-3">
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{name}</span>
        <LinkStateBadge state={link.state} />
        {link.state !== 'revoked' && (
          <Button variant="ghost" size="sm" aria-label={t('revokeNamed', { name })} loading={revoke.isPending} onClick={() => revoke.mutate(link.id)}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t('revoke')}
          </Button>
        )}
      </div>
      <p className="text-xs text-slate-500">{shareLinkFacts(link)}</p>
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
      <p className="text-xs text-slate-500">{t('section.help', { kind: t(`section.kind.${item.type}`) })}</p>
      {creating && <CreateLinkForm item={item} onDone={() => setCreating(false)} />}
      {links.isPending ? (
        <LoadingState label={t('section.loading')} />
      ) : links.data && links.data.length > 0 ? (
        <ul aria-label={t('section.list')} className="divide-y divide-slate-100">
          {links.data.map((link) => (
            <LinkRow key={link.id} link={link} />
          ))}
        </ul>
      ) : (
        !creating && <p className="text-sm text-slate-500">{t('section.empty')}</p>
      )}
    </section>
  );
}
