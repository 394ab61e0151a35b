import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Download, History, RotateCcw, Trash2 } from 'lucide-react';
import type { FileContentInfo, FileVersion } from '@vault/contract';
import { useDeleteVersion, useFileVersions, useRestoreVersion, useVersionDownload } from '../../api/versions';
import { formatDateTime, formatFileSize } from '../../lib/format';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { QueryState } from '../ui/QueryState';

function Facts({ content }: { content: FileContentInfo }) {
  const { t } = useTranslation('versions');
  return (
    <p className="text-sm text-slate-600">
      <span className="font-medium text-slate-900">{formatDateTime(content.uploaded_at)}</span>
      {' · '}
      {formatFileSize(content.size)}
      {content.uploaded_by && <> · {t('by', { name: content.uploaded_by })}</>}
    </p>
  );
}

/**
 * The file page's versions, for the owner: the current content, then the
 * earlier ones newest first, each with Download, Restore (a copy becomes
 * current; what was current becomes a version) and Delete (asked first).
 */
export function FileVersionsCard({ fileId }: { fileId: number }) {
  const { t } = useTranslation('versions');
  const versions = useFileVersions(fileId, true);
  const { download, pendingId } = useVersionDownload(fileId);
  const restore = useRestoreVersion(fileId);
  const remove = useDeleteVersion(fileId);
  const [deleting, setDeleting] = useState<FileVersion | null>(null);

  return (
    <Card aria-labelledby="versions-title" className="mt-6">
      <CardHeader title={<span id="versions-title">{t('title')}</span>} description={versions.data ? t('description', { keep: versions.data.keep }) : undefined} />
      <CardContent>
        <QueryState query={versions} loading={t('loading')} failed={t('failed')}>
          {(data) => (
            <ul className="divide-y divide-slate-100">
              <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 first:pt-0">
                <div className="flex min-w-0 flex-wrap items-center gap-2">
                  <Badge tone="accent">{t('current')}</Badge>
                  <Facts content={data.current} />
                </div>
              </li>
              {data.versions.map((version) => {
                const when = formatDateTime(version.uploaded_at);
                return (
                  <li key={version.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 last:pb-0">
                    <Facts content={version} />
                    <div className="flex flex-wrap gap-2">
                      <Button variant="secondary" size="sm" aria-label={t('downloadOf', { date: when })} loading={pendingId === version.id} onClick={() => void download(version.id)}>
                        {pendingId !== version.id && <Download aria-hidden="true" className="size-4" />}
                        {t('download')}
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={t('restoreOf', { date: when })}
                        loading={restore.isPending && restore.variables === version.id}
                        disabled={restore.isPending}
                        onClick={() => restore.mutate(version.id)}
                      >
                        {!(restore.isPending && restore.variables === version.id) && <RotateCcw aria-hidden="true" className="size-4" />}
                        {t('restore')}
                      </Button>
                      <Button variant="ghost" size="sm" aria-label={t('deleteOf', { date: when })} onClick={() => setDeleting(version)} className="text-red-700 hover:bg-red-50 hover:text-red-800">
                        <Trash2 aria-hidden="true" className="size-4" />
                        {/* A phone's row keeps the three actions on one line: the bin alone says it (the label is the button's name). */}
                        <span className="hidden sm:inline">{t('delete')}</span>
                      </Button>
                    </div>
                  </li>
                );
              })}
              {data.versions.length === 0 && (
                <li className="flex items-start gap-3 py-3 last:pb-0 text-sm text-slate-600">
                  <History aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
                  {t('none')}
                </li>
              )}
            </ul>
          )}
        </QueryState>
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('confirmDelete.title')}
        message={deleting ? t('confirmDelete.message', { date: formatDateTime(deleting.uploaded_at), size: formatFileSize(deleting.size) }) : ''}
        confirmLabel={t('confirmDelete.confirm')}
        tone="danger"
        pending={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      />
    </Card>
  );
}
