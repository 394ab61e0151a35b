import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Folder as FolderIcon, HardDrive } from 'lucide-react';
import { useAllFolders } from '../../api/folders';
import { useBulkAction, type ItemIds } from '../../api/manage';
import { folderRows } from '../../lib/folder-paths';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Input } from '../ui/Input';

/** Where items may go: 'root' for the top level, or a folder id. */
type Target = 'root' | number;

export interface MoveDialogProps {
  /** Move the items, or copy them (files only). */
  action?: 'move' | 'copy';
  /** What is moved or copied; null keeps the dialog closed. */
  items: ItemIds | null;
  /** 'Move "report.pdf"' or 'Copy 3 files'. */
  title: string;
  /** Where the items are now, when they are all in one place: marked, and not offered for a move. */
  current?: number | null;
  onClose(): void;
  /** After the request was answered (some items may have stayed: the toast says which). */
  onMoved?(): void;
}

/** Shows the filter once there are more folders than fit at a glance. */
const FILTER_FROM = 8;

/**
 * The move (and copy) dialog: the caller's folders as a tree, the top level
 * first. Folders being moved and everything under them are not offered
 * (nothing moves below itself), nor, for a move, is where the items already
 * are; a copy may go beside its original (under the next free name).
 */
export function MoveDialog({ action = 'move', items, title, current, onClose, onMoved }: MoveDialogProps) {
  const { t } = useTranslation('manage');
  const exclude = items?.folder_ids ?? [];
  const folders = useAllFolders((list) => folderRows(list, exclude));
  const bulk = useBulkAction();
  const [target, setTarget] = useState<Target | null>(null);
  const [filter, setFilter] = useState('');
  const close = () => {
    setTarget(null);
    setFilter('');
    onClose();
  };
  const rows = folders.data ?? [];
  const shown = filter.trim() === '' ? rows : rows.filter((r) => r.label.toLowerCase().includes(filter.trim().toLowerCase()));
  const currentTarget: Target | undefined = current === undefined ? undefined : (current ?? 'root');

  const move = () => {
    if (!items || target === null) return;
    const folderId = target === 'root' ? null : target;
    const targetName = target === 'root' ? t('move.root') : (rows.find((r) => r.id === target)?.name ?? '');
    bulk.mutate(
      { action, items, folderId, targetName },
      {
        onSuccess: () => {
          onMoved?.();
          close();
        },
      },
    );
  };

  const option = (value: Target, label: string, depth: number, icon: typeof FolderIcon) => {
    const Icon = icon;
    const here = value === currentTarget;
    const unavailable = here && action === 'move';
    return (
      <li key={value}>
        <label
          className={clsx(
            'flex cursor-pointer items-center gap-2 rounded-md py-1.5 pr-2 text-sm',
            unavailable ? 'cursor-not-allowed text-slate-400' : 'text-slate-800 hover:bg-slate-50',
            target === value && 'bg-accent-50 text-accent-800 ring-1 ring-accent-600/20 ring-inset hover:bg-accent-50',
          )}
          style={{ paddingLeft: `${0.5 + depth * 1.25}rem` }}
        >
          <input type="radio" name="move-target" className="accent-accent-600" checked={target === value} disabled={unavailable} onChange={() => setTarget(value)} />
          <Icon aria-hidden="true" className={clsx('size-4 shrink-0', unavailable ? 'text-slate-300' : 'text-accent-700')} />
          <span className="truncate" title={label}>
            {label}
          </span>
          {here && <span className="ml-auto shrink-0 text-xs">{t('move.here')}</span>}
        </label>
      </li>
    );
  };

  return (
    <Dialog
      open={items !== null}
      onOpenChange={(open) => {
        if (!open && !bulk.isPending) close();
      }}
      title={title}
      description={t(action === 'copy' ? 'copy.description' : 'move.description')}
      hideClose={bulk.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={bulk.isPending}>
            {t('cancel')}
          </Button>
          <Button onClick={move} disabled={target === null} loading={bulk.isPending}>
            {t(action === 'copy' ? 'copy.confirm' : 'move.confirm')}
          </Button>
        </>
      }
    >
      {rows.length >= FILTER_FROM && (
        <Input className="mb-3" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder={t('move.filter')} aria-label={t('move.filter')} />
      )}
      <fieldset>
        <legend className="sr-only">{t('move.destination')}</legend>
        <ul className="max-h-[min(20rem,50dvh)] space-y-0.5 overflow-y-auto rounded-lg border border-slate-200 p-1.5">
          {option('root', t('move.root'), 0, HardDrive)}
          {/* A filtered list loses the tree: each folder shows its whole path. */}
          {shown.map((row) => (filter.trim() === '' ? option(row.id, row.name, row.depth + 1, FolderIcon) : option(row.id, row.label, 1, FolderIcon)))}
          {folders.isPending && <li className="px-2 py-1.5 text-sm text-slate-500">{t('move.loading')}</li>}
        </ul>
      </fieldset>
    </Dialog>
  );
}
