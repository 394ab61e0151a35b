import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkItemRef, LinkUpdate, ShareLink } from '@vault/contract';
import { useCreateShareLink, useUpdateShareLink } from '../../api/links';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { TextField } from '../ui/TextField';
import { dateInputValue, endOfDay } from './link-facts';
import { LinkSettingsFields, NO_SETTINGS, type CommonLinkSettings } from './LinkSettingsFields';

interface Draft extends CommonLinkSettings {
  maxDownloads: string;
  allowPreview: boolean;
  removePassword: boolean;
}

function draftOf(link: ShareLink | undefined): Draft {
  if (!link) return { ...NO_SETTINGS, maxDownloads: '', allowPreview: true, removePassword: false };
  return {
    label: link.label ?? '',
    expires: dateInputValue(link.expires_at),
    // A password is never shown back: left empty, the link keeps the one it has.
    password: '',
    maxDownloads: link.max_downloads === null ? '' : String(link.max_downloads),
    allowPreview: link.allow_preview,
    removePassword: false,
  };
}

/** What an edit changes: untouched settings are left out, so the server keeps them. */
function changesOf(link: ShareLink, before: Draft, after: Draft): LinkUpdate {
  const change: LinkUpdate = {};
  if (after.label.trim() !== before.label.trim()) change.label = after.label.trim() || null;
  if (after.expires !== before.expires) change.expires_at = endOfDay(after.expires);
  if (after.maxDownloads !== before.maxDownloads) change.max_downloads = after.maxDownloads ? Number(after.maxDownloads) : null;
  if (after.allowPreview !== link.allow_preview) change.allow_preview = after.allowPreview;
  if (after.password) change.password = after.password;
  else if (after.removePassword) change.password = null;
  return change;
}

/**
 * Creates a share link for an item, or edits one (`link`): expiry, password,
 * download limit, label and preview. Saving an edit ends the grants visitors
 * who entered a password hold, which the help text says on links that have one.
 */
export function ShareLinkForm({ item, link, onDone }: { item: LinkItemRef; link?: ShareLink; onDone(): void }) {
  const { t } = useTranslation('links');
  const [initial] = useState(() => draftOf(link));
  const [draft, setDraft] = useState<Draft>(initial);
  const create = useCreateShareLink();
  const update = useUpdateShareLink();
  const pending = create.isPending || update.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (link) {
      update.mutate({ id: link.id, change: changesOf(link, initial, draft) }, { onSuccess: onDone });
      return;
    }
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
    <form aria-label={link ? t('form.editLink') : t('form.newLink')} onSubmit={submit} className="space-y-3 rounded-lg border border-slate-200 bg-slate-50/60 p-3">
      <LinkSettingsFields<Draft> value={draft} onChange={setDraft} passwordPlaceholder={link?.has_password ? t('field.passwordKept') : undefined}>
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
      {link?.has_password && (
        <Checkbox
          label={t('field.removePassword')}
          checked={draft.removePassword}
          disabled={draft.password !== ''}
          onChange={(e) => setDraft({ ...draft, removePassword: e.target.checked })}
        />
      )}
      <Checkbox label={t('field.allowPreview')} description={t('field.allowPreviewHelp')} checked={draft.allowPreview} onChange={(e) => setDraft({ ...draft, allowPreview: e.target.checked })} />
      {link?.has_password && <p className="text-xs text-slate-500">{t('form.editHelp')}</p>}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onDone} disabled={pending}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" size="sm" loading={pending}>
          {link ? t('form.save') : t('form.create')}
        </Button>
      </div>
    </form>
  );
}
