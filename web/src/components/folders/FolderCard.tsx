import { useState, type DragEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import clsx from 'clsx';
import { Copy, CornerDownRight, FileArchive, Folder as FolderIcon, FolderInput, Pencil, Share2, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Folder } from '@vault/contract';
import { errorMessage } from '../../api/client';
import { downloadZip } from '../../api/links';
import type { ItemIds } from '../../api/manage';
import { formatDate } from '../../lib/format';
import { startItemDrag, useItemDrop } from '../manage/drag';
import { useFolderSelectionContext } from '../manage/folder-selection';
import { InlineRename } from '../manage/InlineRename';
import { SelectBox } from '../manage/RowParts';
import { ItemMenu } from '../manage/ItemMenu';
import type { FolderMenu } from '../manage/use-folder-management';
import { BreakableName } from '../ui/BreakableName';
import { VisibilityBadge } from '../ui/VisibilityBadge';
import { parentPathLabel } from '../../lib/folder-paths';
import { folderContents } from '../../lib/folder-contents';
import { StarMark } from '../stars/StarMark';
import { useStarEntry } from '../stars/use-star-entry';

export interface FolderCardProps {
  folder: Folder;
  /** Where the card leads: /folders/{id} unless told otherwise. */
  to?: string;
  /** Shown for the owner only; without them the card is read-only. */
  onEdit?: (folder: Folder) => void;
  onDelete?: (folder: Folder) => void;
  /** Names the parent folders under the name, e.g. in a list of every folder. */
  showLocation?: boolean;
  /** Names the owner, e.g. among folders other users shared; a function decides folder by folder. */
  showOwner?: boolean | ((folder: Folder) => boolean);
  /** The owner's menu (rename in place, move, download, share, delete); the card can be dragged onto another folder. */
  menu?: FolderMenu;
  /** Files and folders dropped onto the card go into the folder. */
  onDropItems?: (folder: Folder, items: ItemIds) => void;
  /** The signed-in user's star in the card's menu (anyone's folder they may read). */
  starrable?: boolean;
}

const ACTION = 'rounded-md p-1.5 text-slate-500 transition-colors focus-visible:outline-2 focus-visible:outline-accent-600';

/**
 * A folder card: name, file count, size, Public or Private, creation date;
 * edit and delete on hover or focus, and the owner's menu. A drop target for
 * dragged items when the page allows it, highlighted while they hover it.
 */
export function FolderCard({ folder, to = `/folders/${folder.id}`, onEdit, onDelete, showLocation = false, showOwner = false, menu, onDropItems, starrable = false }: FolderCardProps) {
  const { t } = useTranslation('folders');
  const { t: tm } = useTranslation('manage');
  const [renaming, setRenaming] = useState(false);
  const starEntry = useStarEntry();
  const { over, dropHandlers } = useItemDrop(onDropItems && ((items) => onDropItems(folder, items)));
  const location = showLocation ? parentPathLabel(folder) : null;
  const download = () => downloadZip({ folder_ids: [folder.id] }).catch((error: unknown) => toast.error(errorMessage(error, tm('bulk.zipFailed'))));
  // The owner's cards join the page's selection, where it has one.
  const selection = useFolderSelectionContext();
  const selectable = selection !== null && menu !== undefined;
  const selected = selectable && selection.isSelected(folder.id);
  const drag = (event: DragEvent) => {
    // A selected card carries the other selected folders along.
    const ids = selected ? selection.selected.map((f) => f.id) : [folder.id];
    startItemDrag(event, { file_ids: [], folder_ids: ids }, ids.length > 1 ? tm('drag.folders', { count: ids.length }) : folder.name);
  };
  const modifierClick = (event: MouseEvent) => {
    if (!selectable || !(event.shiftKey || event.ctrlKey || event.metaKey)) return;
    if ((event.target as HTMLElement).closest('button, input, [role="menuitem"]')) return;
    // Instead of opening the folder (or a new tab): select like a row.
    event.preventDefault();
    selection.click(folder.id, event.shiftKey);
  };
  return (
    <li
      {...dropHandlers}
      {...(menu && !renaming ? { draggable: true, onDragStart: drag } : {})}
      onClick={modifierClick}
      className={clsx(
        'group relative flex min-w-0 flex-col rounded-xl border p-4 shadow-card transition hover:border-accent-300 hover:shadow-md focus-within:border-accent-300',
        over ? 'border-accent-500 bg-accent-50 ring-4 ring-accent-500/30' : selected ? 'border-accent-400 bg-accent-50/60 ring-2 ring-accent-500/30' : 'border-slate-200 bg-surface',
      )}
    >
      <div className="flex items-start gap-3">
        {/* Its own slot before the icon, level with it, above the link that covers the card. */}
        {selectable && (
          <span className="relative z-10 flex h-10 shrink-0 items-center">
            <SelectBox name={folder.name} manage={{ selected, toggle: (shift) => selection.click(folder.id, shift) }} />
          </span>
        )}
        <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-50 text-accent-700">
          <FolderIcon aria-hidden="true" className="size-5" />
        </div>
        <div className="min-w-0 flex-1">
          {renaming && menu ? (
            <InlineRename name={folder.name} onSave={(name) => menu.rename(folder, name)} onDone={() => setRenaming(false)} className="relative z-10" />
          ) : (
            <h3 className="line-clamp-2 text-sm font-semibold break-words text-slate-900" title={folder.name}>
              {/* The link covers the card; the buttons sit above it. */}
              <Link to={to} className="rounded-sm after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-accent-600">
                <BreakableName name={folder.name} />
              </Link>
              <StarMark starred={folder.starred} className="ml-1.5 align-[-0.125em]" />
            </h3>
          )}
          <p className="mt-0.5 text-xs text-slate-600">
            {folderContents(folder)}
          </p>
          {(typeof showOwner === 'function' ? showOwner(folder) : showOwner) && <p className="mt-1 truncate text-xs text-slate-500">{t('ownedBy', { username: folder.username })}</p>}
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
        {(onEdit || onDelete || menu || starrable) && (
          // Shown on hover or focus with a mouse on a wide screen, where they float over the card's
          // corner instead of keeping a column of the card empty; always there, in line, otherwise.
          <div className="relative z-10 -mt-1 -mr-1 flex gap-0.5 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 has-[[data-state=open]]:opacity-100 max-sm:opacity-100 sm:opacity-0 pointer-coarse:opacity-100 sm:pointer-fine:absolute sm:pointer-fine:top-3 sm:pointer-fine:right-3 sm:pointer-fine:m-0 sm:pointer-fine:rounded-lg sm:pointer-fine:bg-surface sm:pointer-fine:p-0.5 sm:pointer-fine:shadow-card sm:pointer-fine:ring-1 sm:pointer-fine:ring-slate-200">
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
            {(menu || starrable) && (
              <ItemMenu
                label={tm('menu.more', { name: folder.name })}
                className="size-7"
                entries={[
                  ...(starrable ? [starEntry({ kind: 'folder', id: folder.id }, folder.starred)] : []),
                  ...(menu
                    ? [
                        { key: 'rename', label: tm('menu.rename'), icon: Pencil, onSelect: () => setRenaming(true), takesFocus: true },
                        { key: 'move', label: tm('menu.move'), icon: FolderInput, onSelect: () => menu.move(folder) },
                        { key: 'copy', label: tm('menu.copy'), icon: Copy, onSelect: () => menu.copy(folder) },
                        { key: 'download', label: tm('menu.downloadZip'), icon: FileArchive, onSelect: () => void download() },
                        { key: 'share', label: tm('menu.share'), icon: Share2, onSelect: () => menu.share(folder) },
                        { key: 'delete', label: tm('menu.delete'), icon: Trash2, onSelect: () => menu.delete(folder), tone: 'danger' as const },
                      ]
                    : []),
                ]}
              />
            )}
          </div>
        )}
      </div>
      {/* The date keeps one line: beside the badge where both fit, else under it (German broke it in two). */}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1 pt-4 text-xs text-slate-500">
        <VisibilityBadge visibility={folder.visibility} />
        <span className="ml-auto whitespace-nowrap">{t('createdOn', { date: formatDate(folder.created_at) })}</span>
      </div>
    </li>
  );
}
