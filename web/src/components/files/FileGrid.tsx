import clsx from 'clsx';
import type { FileItem } from '@vault/contract';
import type { FileAccess } from '../../api/files';
import { ManagedName, SelectBox } from '../manage/RowParts';
import type { RowManagement } from '../manage/use-file-management';
import { FileThumbnail } from '../file-summary/FileThumbnail';
import { VisibilityBadge } from '../ui/VisibilityBadge';
import { ContentMatchText } from './ContentMatchText';
import { FileSizeAndDate } from '../file-summary/FileSizeAndDate';
import { FileRowActions, type FileAction, type FileActionHandlers } from './FileRowActions';
import type { MenuEntry } from '../manage/ItemMenu';
import { StarMark } from '../stars/StarMark';

export interface GridTile {
  file: FileItem;
  /** The tile's menu: its star, then the owner's entries of a managed list. */
  menu: MenuEntry[];
  actions: FileAction[];
  handlers: FileActionHandlers;
  downloading: boolean;
  /** In a managed list: selection, rename, menu and dragging, as for a row. */
  manage?: RowManagement | undefined;
}

/**
 * A tile's quick buttons: with the menu's, three 36 px buttons fit the
 * narrowest tile (about 150 px, two columns on a phone) on one line.
 */
const TILE_BUTTONS = 2;

/** Files as tiles, each led by its thumbnail (or type icon), with the same actions as the list. */
export function FileGrid({ tiles, access, label }: { tiles: GridTile[]; access: FileAccess; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 border-t border-slate-200 p-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
      {tiles.map(({ file, menu, actions, handlers, downloading, manage }) => (
        <li
          key={file.id}
          {...manage?.attributes}
          className={clsx(
            'relative flex min-w-0 flex-col rounded-xl border bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
            manage?.selected ? 'border-accent-400 ring-2 ring-accent-500/30' : 'border-slate-200',
          )}
        >
          {manage && (
            <span className="absolute top-2 left-2 z-10 flex rounded-md bg-surface/90 p-1 shadow-xs">
              <SelectBox name={file.original_name} manage={manage} />
            </span>
          )}
          {/* Across from the selection box: public and shared files show it as their list row does. */}
          <span className="absolute top-2 right-2 z-10 flex rounded-md bg-surface/90 shadow-xs empty:hidden">
            <VisibilityBadge visibility={file.visibility} hidePrivate compact />
          </span>
          <FileThumbnail file={file} access={access} />
          <div className="min-w-0 flex-1 space-y-0.5 px-3 pt-2">
            <span className="flex min-w-0 items-center gap-1">
              <ManagedName name={file.original_name} manage={manage} className="truncate text-sm font-medium text-slate-900" title={file.original_name} />
              <StarMark starred={file.starred} />
            </span>
            <p className="text-xs text-slate-500">
              <FileSizeAndDate file={file} />
            </p>
            <ContentMatchText match={file.match} />
          </div>
          {actions.length + menu.length > 0 && (
            <div className="px-1 pb-1">
              <FileRowActions file={file} actions={actions} handlers={handlers} downloading={downloading} menu={menu} buttons={TILE_BUTTONS} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
