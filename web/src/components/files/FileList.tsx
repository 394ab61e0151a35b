import { useTranslation } from 'react-i18next';
import { useMemo, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { FolderClosed, Inbox, User, type LucideIcon } from 'lucide-react';
import type { FileItem, FileSortField } from '@vault/contract';
import { useFileDownload, type FileAccess } from '../../api/files';
import { formatDate, formatDateTime, formatFileSize } from '../../lib/format';
import { useMediaQuery } from '../../lib/use-media-query';
import { EmptyState } from '../ui/EmptyState';
import { DeleteFileDialog } from './DeleteFileDialog';
import { ariaSort, SortButton, type TableSort } from '../ui/SortHeader';
import { SortMenu } from './SortMenu';
import { ContentMatchText } from './ContentMatchText';
import { FileBadges } from './FileBadges';
import { FileGrid } from './FileGrid';
import { FileTags } from './FileTags';
import { FileTypeIcon } from '../file-summary/FileTypeIcon';
import { actionColumns, actionsFor, FILE_ACTIONS, FileRowActions, type ActionColumns, type FileAction, type FileActionHandlers } from './FileRowActions';
import { PreviewModal } from './PreviewModal';
import { useFileView } from './use-file-view';
import { ViewSwitch } from './ViewSwitch';
import { fileShareTarget, ShareModal } from '../sharing/ShareModal';
import { copyLink } from '../../lib/use-copy-link';
import { shareLink } from '../../lib/clipboard';
import { usePreviewInUrl } from './use-preview-in-url';
import { i18n } from '../../i18n';
import { ManagedName, SelectAllBox, SelectBox } from '../manage/RowParts';
import { useFileManagement, type RowManagement } from '../manage/use-file-management';
import type { MenuEntry } from '../manage/ItemMenu';
import { StarMark } from '../stars/StarMark';
import { useStarEntry } from '../stars/use-star-entry';

export interface FileListEmptyState {
  /** The picture above the title; an inbox unless told. */
  icon?: LucideIcon;
  title: string;
  description?: ReactNode;
  hint?: ReactNode;
  action?: ReactNode;
}

export interface FileListProps {
  files: readonly FileItem[];
  /** The signed-in user's id: share and delete show only on files whose user_id equals it. */
  currentUserId?: number | null;
  /** Which row actions may show (each still only where it applies). Default: all. */
  actions?: readonly FileAction[];
  /** 'public': downloads and previews use the anonymous public routes. Default 'account'. */
  access?: FileAccess;
  /** Owner column (default true) and folder column (default true). */
  showOwner?: boolean;
  showFolder?: boolean;
  /** First load: placeholder rows instead of the empty state. */
  loading?: boolean;
  empty?: FileListEmptyState;
  /** Accessible name of the list, e.g. 'Your files'. */
  label?: string;
  /**
   * The owner's file management: multi-select with a bulk bar, a menu per
   * row, inline rename, and rows dragged onto folders. Default false.
   */
  manage?: boolean;
  /** The sort in force: the table's headers and the cards' menu change it. Without it nothing sorts. */
  sort?: TableSort<FileSortField>;
}

/** What the list sorts by, in the sort menu's order; owner and folder only where their columns show. */
const SORT_FIELDS: readonly FileSortField[] = ['created_at', 'original_name', 'file_size', 'download_count', 'username', 'folder_name'];

/** The empty state of a list that has no files at all. */
export function defaultEmpty(): FileListEmptyState {
  return { title: i18n.t('files:empty.title'), description: i18n.t('files:empty.description') };
}

function References({ count }: { count: number }) {
  const { t } = useTranslation('files');
  if (count <= 1) return null;
  return (
    <span className="text-xs text-accent-700" title={t('filesSharingThisContent')}>
      {t('list.references', { count })}
    </span>
  );
}

function Meta({ icon: Icon, children }: { icon: typeof User; children: ReactNode }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1">
      <Icon aria-hidden="true" className="size-3.5 shrink-0 text-slate-400" />
      <span className="truncate">{children}</span>
    </span>
  );
}

interface RowProps {
  file: FileItem;
  /** The row's menu: its star, then the owner's entries of a managed list. */
  menu: MenuEntry[];
  actions: FileAction[];
  handlers: FileActionHandlers;
  downloading: boolean;
  showOwner: boolean;
  showFolder: boolean;
  manage: RowManagement | undefined;
  /** The caller's own file: its owner is not named on it. */
  mine: boolean;
}

/** A managed row is focusable (arrow keys move between rows) and shows whether it is selected. */
const ROW_FOCUS = 'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-600';
const selectedTone = (manage: RowManagement | undefined) => (manage?.selected ? 'bg-accent-50/70 hover:bg-accent-50' : 'hover:bg-slate-50/70');

/** A row of the table; `columns`: the places for actions all its rows share. */
function TableRow({ file, menu, actions, handlers, downloading, showOwner, showFolder, manage, mine, columns }: RowProps & { columns: ActionColumns }) {
  const { t } = useTranslation('files');
  return (
    <tr {...manage?.attributes} className={clsx('align-top transition-colors', ROW_FOCUS, selectedTone(manage))}>
      {manage && (
        <td className="py-3.5 pl-5">
          <SelectBox name={file.original_name} manage={manage} className="mt-2.5" />
        </td>
      )}
      <td className={clsx('py-3 pr-3', manage ? 'pl-2' : 'pl-5')}>
        <div className="flex min-w-0 gap-3">
          <FileTypeIcon mime={file.mime_type} />
          <div className="min-w-0 flex-1 space-y-1">
            <span className="flex min-w-0 items-center gap-1.5">
              <ManagedName name={file.original_name} manage={manage} className="truncate font-medium text-slate-900" title={file.original_name} />
              <StarMark starred={file.starred} />
            </span>
            <ContentMatchText match={file.match} />
            <FileBadges file={file} />
            <FileTags tags={file.tags} />
            {/* The columns a narrow table leaves out; the owner, as on a phone, on others' files only. */}
            <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-500 @6xl:hidden">
              {showOwner && !mine && <Meta icon={User}>{file.username}</Meta>}
              {showFolder && file.folder_name && <Meta icon={FolderClosed}>{file.folder_name}</Meta>}
              <span className="@4xl:hidden">
                {formatDate(file.created_at)} · {t('list.downloads', { count: file.download_count })}
              </span>
            </p>
          </div>
        </div>
      </td>
      {showOwner && <td className="hidden px-3 py-3 text-slate-700 @6xl:table-cell">{file.username}</td>}
      {showFolder && <td className="hidden px-3 py-3 text-slate-700 @6xl:table-cell">{file.folder_name ?? <span className="text-slate-400">—</span>}</td>}
      <td className="px-3 py-3 whitespace-nowrap text-slate-700">
        <div className="flex flex-col">
          {formatFileSize(file.file_size)}
          <References count={file.reference_count} />
        </div>
      </td>
      <td className="hidden px-3 py-3 text-right text-slate-700 tabular-nums @4xl:table-cell">{file.download_count}</td>
      <td className="hidden px-3 py-3 whitespace-nowrap @4xl:table-cell">
        <div className="flex flex-col">
          <span className="text-slate-700">{formatDate(file.created_at)}</span>
          <span className="text-xs text-slate-500">{t('list.updated', { date: formatDateTime(file.updated_at) })}</span>
        </div>
      </td>
      <td className="py-2 pr-4 pl-2">
        <FileRowActions file={file} actions={actions} handlers={handlers} downloading={downloading} menu={menu} columns={columns} />
      </td>
    </tr>
  );
}

/** A file on a phone: name, one line of facts and the tags, then badges beside the actions (above them, when too wide for both). The owner shows on others' files only. */
function FileCard({ file, menu, actions, handlers, downloading, showOwner, showFolder, manage, mine }: RowProps) {
  const { t } = useTranslation('files');
  return (
    <li {...manage?.attributes} className={clsx('px-4 py-3', ROW_FOCUS, manage?.selected && 'bg-accent-50/70')}>
      <div className="flex items-start gap-3">
        {/* As tall as the name and its facts: beside them, not beside the tags below. */}
        <div className="flex h-10 shrink-0 items-center gap-3">
          {manage && <SelectBox name={file.original_name} manage={manage} />}
          <FileTypeIcon mime={file.mime_type} size="sm" />
        </div>
        <div className="min-w-0 flex-1">
          <span className="flex min-w-0 items-center gap-1.5">
            <ManagedName name={file.original_name} manage={manage} className="truncate font-medium text-slate-900" title={file.original_name} />
            <StarMark starred={file.starred} />
          </span>
          <p className="flex min-w-0 flex-wrap gap-x-2.5 text-xs text-slate-500">
            <span>{formatFileSize(file.file_size)}</span>
            <span title={t('list.updated', { date: formatDateTime(file.updated_at) })}>{formatDate(file.created_at)}</span>
            <span>{t('list.downloads', { count: file.download_count })}</span>
            <References count={file.reference_count} />
            {showOwner && !mine && <Meta icon={User}>{file.username}</Meta>}
            {showFolder && file.folder_name && <Meta icon={FolderClosed}>{file.folder_name}</Meta>}
          </p>
          {/* Under the name, where they wrap in the card's width: beside the actions they ran under them. */}
          <FileTags tags={file.tags} className="mt-1.5" />
        </div>
      </div>
      <ContentMatchText match={file.match} className="mt-1.5" />
      {/* The actions wrap under the badges when both do not fit: squeezed beside six actions, a wide badge ("ÖFFENTLICH") ran under them. */}
      <div className="mt-1.5 flex flex-wrap items-center gap-2">
        <span className="inline-flex min-w-0 flex-wrap items-center gap-1.5">
          <FileBadges file={file} />
        </span>
        <div className="ml-auto shrink-0">
          <FileRowActions file={file} actions={actions} handlers={handlers} downloading={downloading} menu={menu} />
        </div>
      </div>
    </li>
  );
}

function LoadingRows() {
  const { t } = useTranslation('files');
  return (
    <div role="status" aria-label={t('loadingFiles')} className="divide-y divide-slate-100">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3 px-5 py-4">
          <div className="size-10 animate-pulse rounded-lg bg-slate-100" />
          <div className="flex-1 space-y-2">
            <div className="h-3.5 w-1/3 animate-pulse rounded bg-slate-100" />
            <div className="h-3 w-1/5 animate-pulse rounded bg-slate-100" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The file list: a table from 640 px, cards below, or a grid of thumbnails
 * (the user's choice, remembered). It owns the preview, share and delete
 * dialogs of its rows.
 */
export function FileList({
  files,
  currentUserId = null,
  actions = FILE_ACTIONS,
  access = 'account',
  showOwner = true,
  showFolder = true,
  loading = false,
  empty,
  label,
  manage = false,
  sort,
}: FileListProps) {
  const { t } = useTranslation('files');
  const { t: tm } = useTranslation('manage');
  const wide = useMediaQuery('(min-width: 640px)');
  const [view, setView] = useFileView(currentUserId);
  const preview = usePreviewInUrl(files);
  const previewing = preview.previewing;
  const [sharing, setSharing] = useState<FileItem | null>(null);
  const [deleting, setDeleting] = useState<FileItem | null>(null);
  const { download, pendingId } = useFileDownload(access);
  const enabled = useMemo(() => new Set(actions), [actions]);
  const sortFields = SORT_FIELDS.filter((f) => (f !== 'username' || showOwner) && (f !== 'folder_name' || showFolder));

  const handlers: FileActionHandlers = {
    preview: preview.open,
    download: (file) => void download(file),
    copyLink: (file) => void copyLink(shareLink('files', file.id), t('list.linkCopied')),
    share: setSharing,
    delete: setDeleting,
  };
  const management = useFileManagement({ files, currentUserId, enabled: manage, handlers });
  const starEntry = useStarEntry();
  // Signed-in users star what they may read; anonymous visitors have no stars.
  const starrable = access === 'account' && currentUserId !== null;

  const listLabel = label ?? t('list.label');
  const header = (field: FileSortField, text: string) => (sort ? <SortButton field={field} label={text} sort={sort} /> : text);
  let body: ReactNode;
  if (files.length === 0) {
    const shown = empty ?? defaultEmpty();
    body = loading ? (
      <LoadingRows />
    ) : (
      <EmptyState
        icon={shown.icon ?? Inbox}
        title={shown.title}
        description={
          (shown.description || shown.hint) && (
            <>
              {shown.description && <p>{shown.description}</p>}
              {shown.hint && <p className="mt-1">{shown.hint}</p>}
            </>
          )
        }
        action={shown.action}
      />
    );
  } else {
    const rows = files.map((file) => {
      const manageRow = management.rowOf(file);
      return {
        file,
        menu: [...(starrable ? [starEntry({ kind: 'file', id: file.id }, file.starred)] : []), ...(manageRow?.menu ?? [])],
        actions: actionsFor(file, enabled, currentUserId),
        handlers,
        downloading: pendingId === file.id,
        showOwner,
        showFolder,
        manage: manageRow,
        mine: file.user_id === currentUserId,
      };
    });
    const columns = actionColumns(rows);
    body = view === 'grid' ? (
      <FileGrid tiles={rows} access={access} label={listLabel} />
    ) : wide ? (
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">{listLabel}</caption>
        <thead className="border-y border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr>
            {manage && (
              <th scope="col" className="w-10 py-2.5 pl-5">
                <SelectAllBox label={tm('selectAll')} checked={management.all.checked} mixed={management.all.mixed} onToggle={management.all.toggle} className="align-middle" />
              </th>
            )}
            <th scope="col" aria-sort={ariaSort('original_name', sort)} className={clsx('py-2.5 pr-3', manage ? 'pl-2' : 'pl-5')}>
              {header('original_name', t('file'))}
            </th>
            {showOwner && (
              <th scope="col" aria-sort={ariaSort('username', sort)} className="hidden w-32 px-3 py-2.5 @6xl:table-cell">
                {header('username', t('owner'))}
              </th>
            )}
            {showFolder && (
              <th scope="col" aria-sort={ariaSort('folder_name', sort)} className="hidden w-36 px-3 py-2.5 @6xl:table-cell">
                {header('folder_name', t('folder'))}
              </th>
            )}
            <th scope="col" aria-sort={ariaSort('file_size', sort)} className="w-28 px-3 py-2.5">
              {header('file_size', t('size'))}
            </th>
            <th scope="col" aria-sort={ariaSort('download_count', sort)} className="hidden w-32 px-3 py-2.5 text-right @4xl:table-cell">
              {header('download_count', t('downloads'))}
            </th>
            <th scope="col" aria-sort={ariaSort('created_at', sort)} className="hidden w-40 px-3 py-2.5 @4xl:table-cell">
              {header('created_at', t('created'))}
            </th>
            <th scope="col" className={clsx('py-2.5 pr-5 pl-2 text-right', manage ? 'w-[16rem]' : 'w-[12.5rem]')}>
              <span className="sr-only">{t('actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <TableRow key={row.file.id} {...row} columns={columns} />
          ))}
        </tbody>
      </table>
    ) : (
      <ul aria-label={listLabel} className="divide-y divide-slate-100 border-t border-slate-200">
        {rows.map((row) => (
          <FileCard key={row.file.id} {...row} />
        ))}
      </ul>
    );
  }

  return (
    <>
      {files.length > 0 && (
        <div className="flex flex-wrap items-center justify-end gap-3 px-5 pb-3">
          {manage && (view === 'grid' || !wide) && (
            <label className="mr-auto inline-flex items-center gap-2 text-sm text-slate-700">
              <SelectAllBox label={tm('selectAll')} checked={management.all.checked} mixed={management.all.mixed} onToggle={management.all.toggle} />
              {tm('selectAllShort')}
            </label>
          )}
          {sort && (view === 'grid' || !wide) && <SortMenu sort={sort} fields={sortFields} />}
          <ViewSwitch view={view} onChange={setView} />
        </div>
      )}
      {/* Columns show by the room the list has, which the folder tree beside it takes a part of. */}
      <div ref={management.listRef} onKeyDown={management.onListKeyDown} className="@container">
        {body}
        {management.bar}
      </div>
      {management.dialogs}
      <PreviewModal
        file={previewing}
        onClose={preview.close}
        files={files}
        onStep={preview.step}
        access={access}
        onDownload={enabled.has('download') ? (file) => void download(file) : undefined}
        downloading={previewing !== null && pendingId === previewing.id}
      />
      {sharing && (
        <ShareModal
          open
          onOpenChange={(open) => !open && setSharing(null)}
          target={fileShareTarget(sharing)}
        />
      )}
      <DeleteFileDialog file={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
