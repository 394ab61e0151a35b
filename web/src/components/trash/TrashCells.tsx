import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Folder as FolderIcon } from 'lucide-react';
import type { TrashItem } from '@vault/contract';
import { daysLeft } from '../../lib/days-left';
import { formatDate, formatDateTime, formatFileSize } from '../../lib/format';
import { FileTypeIcon } from '../file-summary/FileTypeIcon';

/** A trashed item's key in the list and the selection: a file and a folder may share an id. */
export const itemKey = (item: Pick<TrashItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;

const CHECKBOX = 'size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-accent-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600';

/** The selection checkbox, the type icon (a folder's, or the file type's) and the name. */
export function NameCell({ item, selected, onToggle }: { item: TrashItem; selected: boolean; onToggle(): void }) {
  const { t } = useTranslation('trash');
  return (
    <div className="flex min-w-0 items-center gap-3">
      <input type="checkbox" aria-label={t('select', { name: item.name })} checked={selected} onChange={onToggle} className={CHECKBOX} />
      {item.kind === 'folder' ? (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-amber-50 text-amber-600 ring-1 ring-amber-600/15 ring-inset">
          <FolderIcon aria-hidden="true" className="size-5" />
        </span>
      ) : (
        <FileTypeIcon mime={item.mime_type ?? ''} />
      )}
      <p className="min-w-0 font-medium break-words text-slate-900">
        <span>{item.name}</span>
        <span className="sr-only"> ({t(item.kind === 'folder' ? 'kind.folder' : 'kind.file')})</span>
      </p>
    </div>
  );
}

/** Where the item was: a link to its folder, "Top level", or that its folder is gone and Restore puts it at the top level. */
export function LocationCell({ item }: { item: TrashItem }) {
  const { t } = useTranslation('trash');
  if (item.original_folder_id === null) return <span>{t('topLevel')}</span>;
  if (item.original_path === null) return <span className="whitespace-normal text-amber-800">{t('folderGone')}</span>;
  return (
    <Link to={`/folders/${item.original_folder_id}`} className="break-words whitespace-normal text-accent-700 hover:underline">
      {item.original_path}
    </Link>
  );
}

/** A file's size; a folder's "{n} files, {m} folders, {size}". */
export function SizeCell({ item }: { item: TrashItem }) {
  const { t } = useTranslation('trash');
  if (item.kind === 'file') return <span>{formatFileSize(item.size)}</span>;
  return (
    <span>
      {t('folderContents', {
        files: t('count.files', { count: item.file_count }),
        folders: t('count.folders', { count: item.folder_count }),
        size: formatFileSize(item.size),
      })}
    </span>
  );
}

export function DeletedCell({ item }: { item: TrashItem }) {
  return <time dateTime={item.trashed_at}>{formatDateTime(item.trashed_at)}</time>;
}

/** When the maintenance pass deletes it for good, and the days until then. */
export function PurgeCell({ item }: { item: TrashItem }) {
  const { t } = useTranslation('trash');
  const days = daysLeft(item.purge_at);
  return (
    <span className="flex flex-col" title={t('purgeOn', { date: formatDate(item.purge_at) })}>
      <time dateTime={item.purge_at}>{formatDate(item.purge_at)}</time>
      <span className={days <= 3 ? 'text-xs text-red-700' : 'text-xs text-slate-500'}>{days > 0 ? t('daysLeft', { count: days }) : t('lastDay')}</span>
    </span>
  );
}
