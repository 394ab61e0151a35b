import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkItemRef, LinkUpdate, ShareLink } from '@vault/contract';
import { useCreateShareLink, useUpdateShareLink } from '../../api/links';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { TextField } from '../ui/TextField';
import { checkCount, checkExpiry, settle } from './link-checks';
import { dateInputValue } from './link-facts';
import { LinkSettingsFields, NO_SETTINGS, type CommonLinkSettings } from './LinkSettingsFields';
import { useLinkDraft } from './use-link-draft';

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

/** The checked expiry and download limit of a draft. */
interface Limits {
  expires: string | null;
  maxDownloads: number | null;
}

/** What an edit changes: untouched settings are left out, so the server keeps them. */
function changesOf(link: ShareLink, before: Draft, after: Draft, limits: Limits): LinkUpdate {
  const change: LinkUpdate = {};
  if (after.label.trim() !== before.label.trim()) change.label = after.label.trim() || null;
  if (after.expires !== before.expires) change.expires_at = limits.expires;
  if (after.maxDownloads !== before.maxDownloads) change.max_downloads = limits.maxDownloads;
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
  const { draft, errors, setErrors, change } = useLinkDraft(initial);
  const create = useCreateShareLink();
  const update = useUpdateShareLink();
  const pending = create.isPending || update.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = settle({ expires: checkExpiry(draft.expires, initial.expires), maxDownloads: checkCount(draft.maxDownloads, 'maxDownloads') });
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    const limits = checked.values;
    if (link) {
      update.mutate({ id: link.id, change: changesOf(link, initial, draft, limits) }, { onSuccess: onDone });
      return;
    }
    create.mutate(
      {
        item,
        label: draft.label.trim() || null,
        expires_at: limits.expires,
        password: draft.password || null,
        max_downloads: limits.maxDownloads,
        allow_preview: draft.allowPreview,
      },
      { onSuccess: onDone },
    );
  };
  return (
    <form aria-label={link ? t('form.editLink') : t('form.newLink')} noValidate onSubmit={submit} className="space-y-3 rounded-lg border border-slate-200 bg-slate-50/60 p-3">
      <LinkSettingsFields value={draft} onChange={change} errors={errors} passwordPlaceholder={link?.has_password ? t('field.passwordKept') : undefined}>
        <TextField
          label={t('field.maxDownloads')}
          inputMode="numeric"
          value={draft.maxDownloads}
          error={errors.maxDownloads}
          onChange={(e) => change({ maxDownloads: e.target.value })}
        />
      </LinkSettingsFields>
      {link?.has_password && (
        <Checkbox
          label={t('field.removePassword')}
          checked={draft.removePassword}
          disabled={draft.password !== ''}
          onChange={(e) => change({ removePassword: e.target.checked })}
        />
      )}
      <Checkbox label={t('field.allowPreview')} description={t('field.allowPreviewHelp')} checked={draft.allowPreview} onChange={(e) => change({ allowPreview: e.target.checked })} />
      {link?.has_password && <p className="text-xs text-slate-500">{t('form.editHelp')}</p>}
      <div className="flex justify-end gap-2">
        {/* Not "Cancel": inside the share dialog, that is the dialog's own button. */}
        <Button variant="ghost" size="sm" onClick={onDone} disabled={pending}>
          {t('form.discard')}
        </Button>
        <Button type="submit" size="sm" loading={pending}>
          {link ? t('form.save') : t('form.create')}
        </Button>
      </div>
    </form>
  );
}
