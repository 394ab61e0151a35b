import { Trans, useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Download, FileSearch, Search, Trash2, X } from 'lucide-react';
import { LIMITS, type FileItem, type FileSortField } from '@vault/contract';
import { useAdminFiles, useDeleteAdminFile, type AdminFilesQuery } from '../../api/admin';
import { errorMessage } from '../../api/client';
import { openDownloadInNewTab } from '../../api/files';
import { extensionLabel } from '../../lib/file-types';
import { formatCount, formatDate, formatFileSize } from '../../lib/format';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Card, CardHeader } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { DataTable, type Column, type SortOrder } from '../ui/DataTable';
import { EmptyState } from '../ui/EmptyState';
import { Input } from '../ui/Input';
import { Pagination } from '../ui/Pagination';
import { StarMark } from '../stars/StarMark';
import { FileTypeIcon } from '../file-summary/FileTypeIcon';
import { QueryState } from '../ui/QueryState';
import { VisibilityBadge } from '../ui/VisibilityBadge';

const PAGE_SIZE = LIMITS.adminFilesPageSize;

/** Below 1024 px the table is cards without sortable headers: the same sorts as a menu. */
const SORTS: { label: 'newestFirst' | 'oldestFirst' | 'largestFirst' | 'smallestFirst' | 'mostDownloaded' | 'nameAZ' | 'nameZA'; by: FileSortField; order: SortOrder }[] = [
  { label: 'newestFirst', by: 'created_at', order: 'desc' },
  { label: 'oldestFirst', by: 'created_at', order: 'asc' },
  { label: 'largestFirst', by: 'file_size', order: 'desc' },
  { label: 'smallestFirst', by: 'file_size', order: 'asc' },
  { label: 'mostDownloaded', by: 'download_count', order: 'desc' },
  { label: 'nameAZ', by: 'original_name', order: 'asc' },
  { label: 'nameZA', by: 'original_name', order: 'desc' },
];

function FileCell({ file }: { file: FileItem }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex min-w-0 items-center gap-3">
      <FileTypeIcon mime={file.mime_type} size="sm" />
      <div className="min-w-0">
        <p className="flex min-w-0 items-center gap-1.5 font-medium text-slate-900" title={file.original_name}>
          <span className="truncate">{file.original_name}</span>
          <StarMark starred={file.starred} />
        </p>
        <div className="mt-0.5 flex flex-wrap items-center gap-1.5">
          <Badge>{extensionLabel(file.original_name)}</Badge>
          <VisibilityBadge visibility={file.visibility} hidePrivate />
          {file.reference_count > 1 && (
            <Badge tone="accent" title={t('filesTab.sharedContent', { count: file.reference_count })}>
              {t('filesTab.deduped', { count: file.reference_count })}
            </Badge>
          )}
        </div>
      </div>
    </div>
  );
}

export function FilesTab() {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState('');
  const [criteria, setCriteria] = useState<AdminFilesQuery>({ page: 1, limit: PAGE_SIZE, sort_by: 'created_at', sort_order: 'desc' });
  const [toDelete, setToDelete] = useState<FileItem | null>(null);

  const files = useAdminFiles(criteria);
  const remove = useDeleteAdminFile(() => {
    setToDelete(null);
    // The last file of a later page: step back rather than show an empty page.
    if (files.data?.files.length === 1 && criteria.page > 1) setCriteria((c) => ({ ...c, page: c.page - 1 }));
  });

  const download = (file: FileItem) => {
    openDownloadInNewTab(file.id).catch((err: unknown) => toast.error(errorMessage(err, t('filesTab.downloadFailed'))));
  };

  const sortBy = (by: FileSortField, order: SortOrder) => setCriteria((c) => ({ ...c, page: 1, sort_by: by, sort_order: order }));

  const search = (event: FormEvent) => {
    event.preventDefault();
    setCriteria((c) => ({ ...c, page: 1, search: draft.trim() || undefined }));
  };
  const clearSearch = () => {
    setDraft('');
    setCriteria((c) => ({ ...c, page: 1, search: undefined }));
  };

  const columns: Column<FileItem, FileSortField>[] = [
    { header: t('filesTab.file'), primary: true, sortBy: 'original_name', cell: (f) => <FileCell file={f} /> },
    {
      header: t('filesTab.uploader'),
      cell: (f) => (
        <span className="block max-w-40 truncate font-medium text-slate-700" title={f.username}>
          {f.username}
        </span>
      ),
    },
    { header: t('filesTab.size'), align: 'right', sortBy: 'file_size', cell: (f) => formatFileSize(f.file_size) },
    { header: t('filesTab.downloads'), align: 'right', sortBy: 'download_count', cell: (f) => formatCount(f.download_count) },
    { header: t('filesTab.created'), sortBy: 'created_at', cell: (f) => <time dateTime={f.created_at}>{formatDate(f.created_at)}</time> },
    {
      header: t('filesTab.actions'),
      actions: true,
      align: 'right',
      cell: (f) => (
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="sm" className="px-2" aria-label={t('filesTab.downloadName', { name: f.original_name })} title={t('downloadInANewTab')} onClick={() => download(f)}>
            <Download aria-hidden="true" className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="px-2 text-red-700 hover:bg-red-50 hover:text-red-700"
            aria-label={t('filesTab.deleteName', { name: f.original_name })}
            title={t('delete')}
            onClick={() => setToDelete(f)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      ),
    },
  ];

  return (
    <Card>
      <CardHeader
        title={t('allFiles')}
        description={files.data ? t('filesTab.total', { count: files.data.total, formatted: formatCount(files.data.total) }) : t('filesTab.everyFile')}
      />
      <form role="search" onSubmit={search} className="flex flex-wrap gap-2 border-b border-slate-100 px-5 py-4">
        <div className="relative min-w-0 flex-1 basis-full sm:basis-56">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <Input
            type="search"
            aria-label={t('searchFilesByNameOr')}
            placeholder={t('searchByNameOrTag')}
            value={draft}
            maxLength={LIMITS.searchMax}
            onChange={(e) => setDraft(e.target.value)}
            className="pl-9"
          />
        </div>
        <Button type="submit" variant="secondary" loading={files.isFetching && files.isPlaceholderData}>
          {t('search')}
        </Button>
        <select
          aria-label={t('sortFiles')}
          value={`${criteria.sort_by}:${criteria.sort_order}`}
          onChange={(e) => {
            const choice = SORTS.find((o) => `${o.by}:${o.order}` === e.target.value);
            if (choice) sortBy(choice.by, choice.order);
          }}
          className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-surface px-3 text-sm text-slate-800 shadow-xs focus-visible:border-accent-500 focus-visible:ring-3 focus-visible:ring-accent-500/20 focus-visible:outline-none lg:hidden"
        >
          {SORTS.map((o) => (
            <option key={o.label} value={`${o.by}:${o.order}`}>
              {t(`filesTab.sort.${o.label}`)}
            </option>
          ))}
        </select>
        {criteria.search && (
          <Button variant="ghost" onClick={clearSearch}>
            <X aria-hidden="true" className="size-4" />
            {t('clear')}
          </Button>
        )}
      </form>
      <QueryState query={files} loading={t('loadingFiles')} failed={t('failedToLoadFiles')}>
        {(data) =>
          data.files.length === 0 ? (
            <EmptyState
              icon={FileSearch}
              title={t('noFilesFound')}
              description={criteria.search ? t('filesTab.nothingMatches', { search: criteria.search }) : t('filesTab.nobodyUploaded')}
            />
          ) : (
            <>
              <DataTable
                caption={t('allFiles2')}
                columns={columns}
                rows={data.files}
                rowKey={(f) => f.id}
                sort={{ by: criteria.sort_by, order: criteria.sort_order, onChange: sortBy }}
              />
              <Pagination className="border-t border-slate-100 px-5 py-3" page={criteria.page} pageSize={PAGE_SIZE} total={data.total} noun={t('filesTab.filesNoun')} onPageChange={(page) => setCriteria((c) => ({ ...c, page }))} />
            </>
          )
        }
      </QueryState>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={
          toDelete ? (
            <Trans t={t} i18nKey="filesTab.deleteTitle" values={{ name: toDelete.original_name }} components={{ name: <span className="break-all" /> }} />
          ) : (
            t('filesTab.deleteFile')
          )
        }
        message={t('filesTab.confirmDelete')}
        confirmLabel={t('delete')}
        tone="danger"
        pending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </Card>
  );
}
