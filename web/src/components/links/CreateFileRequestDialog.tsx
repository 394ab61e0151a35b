import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRequest } from '@vault/contract';
import { errorMessage } from '../../api/client';
import { useFolderOptions } from '../../api/folders';
import { useCreateFileRequest } from '../../api/links';
import { folderChoices } from '../../lib/folder-paths';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Label } from '../ui/Label';
import { SelectField, SelectOptions } from '../ui/Select';
import { TextField } from '../ui/TextField';
import { LinkAddress } from './LinkAddress';
import { checkCount, checkExpiry, checkMegabytes, settle } from './link-checks';
import { LinkSettingsFields, NO_SETTINGS, type CommonLinkSettings } from './LinkSettingsFields';
import { useLinkDraft } from './use-link-draft';

interface Draft extends CommonLinkSettings {
  folderId: string;
  message: string;
  maxFiles: string;
  maxMb: string;
}

const EMPTY: Draft = { ...NO_SETTINGS, folderId: '', message: '', maxFiles: '', maxMb: '' };

/** Creates a file request into one of the user's folders, then shows its address to pass on. */
export function CreateFileRequestDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation('links');
  const folders = useFolderOptions();
  const { draft, errors, setErrors, change, reset } = useLinkDraft<Draft>(EMPTY);
  const [created, setCreated] = useState<FileRequest | null>(null);
  const create = useCreateFileRequest(() => undefined);
  const close = (next: boolean) => {
    if (!next) {
      reset();
      setCreated(null);
      create.reset();
    }
    onOpenChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = settle({ expires: checkExpiry(draft.expires), maxFiles: checkCount(draft.maxFiles, 'maxFiles'), maxMb: checkMegabytes(draft.maxMb) });
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    const limits = checked.values;
    create.mutate(
      {
        folder_id: Number(draft.folderId),
        label: draft.label.trim() || null,
        message: draft.message.trim() || null,
        expires_at: limits.expires,
        password: draft.password || null,
        max_files: limits.maxFiles,
        max_bytes: limits.maxMb,
      },
      { onSuccess: setCreated },
    );
  };
  const options = folderChoices(folders.data ?? []).filter((o) => o.value !== '');
  return (
    <Dialog open={open} onOpenChange={close} title={t('requests.new')} description={t('requests.dialogHelp')} size="lg">
      {created ? (
        <div className="space-y-4 pb-1">
          <Alert tone="success">{t('requests.open')}</Alert>
          {created.folder_reach && <Alert tone="notice">{t(`requests.reach.${created.folder_reach}`, { folder: created.folder.name })}</Alert>}
          <LinkAddress path={created.path} label={t('requests.address')} />
          <div className="flex justify-end">
            <Button onClick={() => close(false)}>{t('requests.done')}</Button>
          </div>
        </div>
      ) : (
        <form aria-label={t('requests.new')} noValidate onSubmit={submit} className="space-y-4 pb-1">
          {create.error && <Alert tone="error">{errorMessage(create.error, t('toast.requestCreateFailed'))}</Alert>}
          <SelectField label={t('field.folder')} required value={draft.folderId} onChange={(e) => change({ folderId: e.target.value })}>
            <option value="" disabled>
              {options.length === 0 ? t('field.noFolders') : t('field.chooseFolder')}
            </option>
            <SelectOptions options={options} />
          </SelectField>
          <div>
            <Label htmlFor="request-message">{t('field.message')}</Label>
            <textarea
              id="request-message"
              rows={3}
              maxLength={1000}
              value={draft.message}
              onChange={(e) => change({ message: e.target.value })}
              className="mt-1.5 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-xs focus:outline-none focus-visible:border-accent-500 focus-visible:ring-3 focus-visible:ring-accent-500/20"
            />
          </div>
          <LinkSettingsFields value={draft} onChange={change} errors={errors}>
            <TextField label={t('field.maxFiles')} inputMode="numeric" value={draft.maxFiles} error={errors.maxFiles} onChange={(e) => change({ maxFiles: e.target.value })} />
            <TextField label={t('field.maxMb')} inputMode="decimal" value={draft.maxMb} error={errors.maxMb} onChange={(e) => change({ maxMb: e.target.value })} />
          </LinkSettingsFields>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => close(false)} disabled={create.isPending}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!draft.folderId}>
              {t('requests.create')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
