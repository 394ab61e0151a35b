import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Check, Copy, Globe, Lock, UserPlus, Users } from 'lucide-react';
import clsx from 'clsx';
import type { FileItem, Folder } from '@vault/contract';
import { errorMessage } from '../../api/client';
import { useShareState, type Shareable } from '../../api/sharing';
import { shareLink } from '../../lib/clipboard';
import { formatShareSize } from '../../lib/format';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { ChipRemoveButton } from '../ui/ChipRemoveButton';
import { Dialog } from '../ui/Dialog';
import { FieldError } from '../ui/FieldError';
import { Input } from '../ui/Input';
import { Label } from '../ui/Label';
import { LoadingState } from '../ui/LoadingState';
import { Spinner } from '../ui/Spinner';
import { useCopyLink } from '../../lib/use-copy-link';
import { useShareDraft, type ShareDraft } from './use-share-draft';

/** Loaded with the dialog's first opening: most pages that offer sharing never show it. */
const ShareLinksSection = lazy(async () => ({ default: (await import('../links/ShareLinksSection')).ShareLinksSection }));

/** What the share dialog shares: a file or a folder, as the dialog names it. */
export interface ShareTarget extends Shareable {
  name: string;
  /** Bytes, shown in KB or MB with 1 decimal. */
  size: number;
}

export const fileShareTarget = (file: FileItem): ShareTarget => ({ kind: 'file', id: file.id, name: file.original_name, size: file.file_size });
export const folderShareTarget = (folder: Folder): ShareTarget => ({ kind: 'folder', id: folder.id, name: folder.name, size: folder.folder_size });

export interface ShareModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  target: ShareTarget;
}

const VISIBILITY = [
  { value: true, label: 'visibilityChoice.public', icon: Globe, help: 'visibilityChoice.publicHelp' },
  { value: false, label: 'visibilityChoice.private', icon: Lock, help: 'visibilityChoice.privateHelp' },
] as const;

function VisibilityChoice({ isPublic, onChange, kind }: { isPublic: boolean; onChange(value: boolean): void; kind: string }) {
  const { t } = useTranslation('sharing');
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{t('visibility')}</legend>
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {VISIBILITY.map(({ value, label, icon: Icon, help }) => (
          <label
            key={label}
            className={clsx(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-accent-500/30',
              isPublic === value ? 'border-accent-500 bg-accent-50/60' : 'border-slate-200 hover:bg-slate-50',
            )}
          >
            <input type="radio" name={`${kind}-visibility`} className="sr-only" checked={isPublic === value} onChange={() => onChange(value)} />
            <Icon aria-hidden="true" className={clsx('mt-0.5 size-5 shrink-0', isPublic === value ? 'text-accent-700' : 'text-slate-400')} />
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-slate-900">{t(label)}</span>
              <span className="block text-xs text-slate-600">{t(help)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function PublicLink({ url }: { url: string }) {
  const { t } = useTranslation('sharing');
  const { copied, copy } = useCopyLink(t('copy.publicLinkCopied'));
  return (
    <div>
      <Label htmlFor="share-link">{t('publicLink')}</Label>
      <div className="mt-1.5 flex gap-2">
        <Input id="share-link" readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
        <Button variant="secondary" onClick={() => void copy(url)} className="shrink-0">
          {copied ? <Check aria-hidden="true" className="size-4 text-emerald-700" /> : <Copy aria-hidden="true" className="size-4" />}
          {copied ? t('copy.copied') : t('copy.copy')}
        </Button>
      </div>
    </div>
  );
}

interface SharedUsersProps {
  users: readonly string[];
  /** Lowercased names known to be no user (checked when added, or refused on saving). */
  unknown: ReadonlySet<string>;
  /** Lowercased names being checked. */
  checking: ReadonlySet<string>;
  onAdd(name: string): void;
  onRemove(name: string): void;
}

function SharedUsers({ users, unknown, checking, onAdd, onRemove }: SharedUsersProps) {
  const { t } = useTranslation('sharing');
  const [draft, setDraft] = useState('');
  const name = draft.trim();
  const add = (event?: FormEvent) => {
    event?.preventDefault();
    if (!name) return;
    // A name already listed is simply not added twice.
    if (!users.some((u) => u.toLowerCase() === name.toLowerCase())) onAdd(name);
    setDraft('');
  };
  const unknownListed = users.filter((u) => unknown.has(u.toLowerCase()));
  return (
    <div>
      <Label htmlFor="share-username">{t('shareWithPeople')}</Label>
      <div className="mt-1.5 flex gap-2">
        <Input
          id="share-username"
          value={draft}
          placeholder={t('username')}
          autoComplete="off"
          aria-describedby={unknownListed.length > 0 ? 'share-username-error' : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && add(e)}
        />
        <Button variant="secondary" onClick={() => add()} disabled={!name} className="shrink-0">
          <UserPlus aria-hidden="true" className="size-4" />
          {t('add')}
        </Button>
      </div>
      <div role="alert">
        <FieldError id="share-username-error" message={unknownListed.length > 0 ? t('noSuchUsers', { names: unknownListed.join(', '), count: unknownListed.length }) : undefined} />
      </div>
      {users.length === 0 ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-500">
          <Users aria-hidden="true" className="size-4" />
          {t('notSharedWithAnyoneYet')}
        </p>
      ) : (
        <ul aria-label={t('sharedWith')} className="mt-3 flex flex-wrap gap-2">
          {users.map((user) => {
            const isUnknown = unknown.has(user.toLowerCase());
            return (
              <li
                key={user}
                className={clsx(
                  'inline-flex items-center gap-1 rounded-full py-1 pr-1 pl-3 text-sm ring-1 ring-inset',
                  isUnknown ? 'bg-red-50 text-red-700 ring-red-300' : 'bg-slate-100 text-slate-800 ring-slate-200',
                )}
              >
                {user}
                {isUnknown && <span className="text-xs"> {t('unknownUser')}</span>}
                {checking.has(user.toLowerCase()) && (
                  <span role="status" aria-label={t('checkingUser', { user })}>
                    <Spinner className="size-3.5 text-slate-500" />
                  </span>
                )}
                <ChipRemoveButton label={t('removeUser', { user })} tone="neutral" onClick={() => onRemove(user)} />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function ShareForm({ target, initiallyPublic, draft }: { target: ShareTarget; initiallyPublic: boolean; draft: ShareDraft }) {
  const { t } = useTranslation('sharing');
  return (
    <form
      id="share-form"
      onSubmit={(e) => {
        e.preventDefault();
        draft.save();
      }}
      className="space-y-5"
    >
      {draft.failure && <Alert tone="error">{errorMessage(draft.failure, t('shareFailed'))}</Alert>}
      <VisibilityChoice kind={target.kind} isPublic={draft.isPublic} onChange={draft.setPublic} />
      {draft.isPublic ? (
        <div className="space-y-3">
          <PublicLink url={shareLink(target.kind === 'file' ? 'files' : 'folders', target.id)} />
          {!initiallyPublic && <p className="text-xs text-slate-500">{t('theLinkWorksOnceYou')}</p>}
          {draft.users.length > 0 && (
            <p className="text-xs text-amber-700">
              {t(target.kind === 'file' ? 'namedSharingFile' : 'namedSharingFolder', { count: draft.users.length })}
            </p>
          )}
        </div>
      ) : (
        <SharedUsers users={draft.users} unknown={draft.unknown} checking={draft.checking} onAdd={draft.add} onRemove={draft.remove} />
      )}
    </form>
  );
}

/**
 * The share dialog for a file or a folder. The current state is read
 * from the server first, so opening and saving never drops existing shares.
 */
export function ShareModal({ open, onOpenChange, target }: ShareModalProps) {
  const { t } = useTranslation('sharing');
  const current = useShareState(target, open);
  const close = () => onOpenChange(false);
  const loaded = current.data && current.isFetchedAfterMount ? current.data : undefined;
  const draft = useShareDraft(target, loaded, close);
  // One footer for the whole dialog: close, and the one action that saves. The links below save on their own, at their rows.
  const footer = (
    <>
      <Button variant="secondary" onClick={close} disabled={draft.pending}>
        {t('cancel')}
      </Button>
      {current.isError ? (
        <Button onClick={() => void current.refetch()}>{t('tryAgain')}</Button>
      ) : (
        <Button type="submit" form="share-form" loading={draft.pending} disabled={!loaded || draft.blocked}>
          {t('updateSharing')}
        </Button>
      )}
    </>
  );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={target.kind === 'file' ? t('titleFile') : t('titleFolder')}
      description={
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium text-slate-800" title={target.name}>
            {target.name}
          </span>
          <span className="shrink-0 text-slate-500">{formatShareSize(target.size)}</span>
        </span>
      }
      footer={footer}
    >
      {current.isError ? (
        <Alert tone="error">{errorMessage(current.error, t('loadFailed'))}</Alert>
      ) : loaded ? (
        <div className="space-y-5">
          <ShareForm target={target} initiallyPublic={loaded.is_public} draft={draft} />
          <Suspense fallback={null}>
            <ShareLinksSection item={{ type: target.kind, id: target.id }} />
          </Suspense>
        </div>
      ) : (
        <LoadingState label={t('loadingSharingSettings')} />
      )}
    </Dialog>
  );
}
