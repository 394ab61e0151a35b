import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CornerDownRight, Folder as FolderIcon, Pencil, Trash2 } from 'lucide-react';
import type { Folder } from '@vault/contract';
import { formatDate, formatFileSize } from '../../lib/format';
import { VisibilityBadge } from '../ui/VisibilityBadge';
import { parentPathLabel } from '../../lib/folder-paths';

export interface FolderCardProps {
  folder: Folder;
  /** Where the card leads: /folders/{id} unless told otherwise. */
  to?: string;
  /** Shown for the owner only; without them the card is read-only. */
  onEdit?: (folder: Folder) => void;
  onDelete?: (folder: Folder) => void;
  /** Names the parent folders under the name, e.g. in a list of every folder. */
  showLocation?: boolean;
}

const ACTION = 'rounded-md p-1.5 text-slate-500 transition-colors focus-visible:outline-2 focus-visible:outline-accent-600';

/** A folder card: name, file count, size, Public or Private, creation date; edit and delete on hover or focus. */
export function FolderCard({ folder, to = `/folders/${folder.id}`, onEdit, onDelete, showLocation = false }: FolderCardProps) {
  const { t } = useTranslation('folders');
  const location = showLocation ? parentPathLabel(folder) : null;
  return (
    <li className="group relative flex min-w-0 flex-col rounded-xl border border-slate-200 bg-surface p-4 shadow-card transition hover:border-accent-300 hover:shadow-md focus-within:border-accent-300">
      <div className="flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-50 text-accent-700">
          <FolderIcon aria-hidden="true" className="size-5" />
        </div>
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 text-sm font-semibold break-words text-slate-900" title={folder.name}>
            {/* The link covers the card; the buttons sit above it. */}
            <Link to={to} className="rounded-sm after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-accent-600">
              {folder.name}
            </Link>
          </h3>
          <p className="mt-0.5 text-xs text-slate-600">
            {t('count.files', { count: folder.file_count })} · {formatFileSize(folder.folder_size)}
          </p>
          {location && (
            <p className="mt-1 flex items-center gap-1 text-xs text-slate-500" title={location}>
              <CornerDownRight aria-hidden="true" className="size-3 shrink-0" />
              <span className="truncate">
                <span className="sr-only">{t('inside')} </span>
                {location}
              </span>
            </p>
          )}
        </div>
        {(onEdit || onDelete) && (
          <div className="relative z-10 -mt-1 -mr-1 flex gap-0.5 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 max-sm:opacity-100 sm:opacity-0 pointer-coarse:opacity-100">
            {onEdit && (
              <button type="button" className={`${ACTION} hover:bg-slate-100 hover:text-slate-800`} aria-label={t('editName', { name: folder.name })} title={t('edit')} onClick={() => onEdit(folder)}>
                <Pencil aria-hidden="true" className="size-4" />
              </button>
            )}
            {onDelete && (
              <button type="button" className={`${ACTION} hover:bg-red-50 hover:text-red-700`} aria-label={t('deleteName', { name: folder.name })} title={t('delete')} onClick={() => onDelete(folder)}>
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            )}
          </div>
        )}
      </div>
      <div className="mt-auto flex items-center justify-between gap-2 pt-4 text-xs text-slate-500">
        <VisibilityBadge isPublic={folder.is_public} />
        <span>{t('createdOn', { date: formatDate(folder.created_at) })}</span>
      </div>
    </li>
  );
}
