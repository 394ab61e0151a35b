import type { FileItem } from '@vault/contract';
import type { FileAccess } from '../../api/files';
import { formatDate, formatFileSize } from '../../lib/format';
import { FileThumbnail } from '../thumbnails/FileThumbnail';
import { FileRowActions, type FileAction, type FileActionHandlers } from './FileRowActions';

export interface GridTile {
  file: FileItem;
  actions: FileAction[];
  handlers: FileActionHandlers;
  downloading: boolean;
}

/** Files as tiles, each led by its thumbnail (or type icon), with the same actions as the list. */
export function FileGrid({ tiles, access, label }: { tiles: GridTile[]; access: FileAccess; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 border-t border-slate-200 p-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
      {tiles.map(({ file, actions, handlers, downloading }) => (
        <li key={file.id} className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-surface">
          <FileThumbnail file={file} access={access} />
          <div className="min-w-0 flex-1 space-y-0.5 px-3 pt-2">
            <p className="truncate text-sm font-medium text-slate-900" title={file.original_name}>
              {file.original_name}
            </p>
            <p className="truncate text-xs text-slate-500">
              {formatFileSize(file.file_size)} · {formatDate(file.created_at)}
            </p>
          </div>
          {actions.length > 0 && (
            <div className="px-1 pb-1">
              <FileRowActions file={file} actions={actions} handlers={handlers} downloading={downloading} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
