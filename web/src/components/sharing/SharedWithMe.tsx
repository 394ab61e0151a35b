import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Download, ExternalLink } from 'lucide-react';
import type { SharedWithMeResponse } from '@vault/contract';
import { useFileDownload } from '../../api/files';
import { formatFileSize } from '../../lib/format';
import { Button, buttonClasses } from '../ui/Button';
import { fileRow, folderMeta, folderRow } from './sharing-rows';
import { SharingList } from './SharingList';

function OpenLink({ to, name }: { to: string; name: string }) {
  const { t } = useTranslation('sharing');
  return (
    <Link to={to} className={buttonClasses('ghost', 'sm')} aria-label={t('openName', { name })}>
      <ExternalLink aria-hidden="true" className="size-4" />
      <span className="max-sm:sr-only">{t('open')}</span>
    </Link>
  );
}

/** What other users shared with the caller by name, with its owner; undefined while it loads. */
export function SharedWithMe({ shared }: { shared: SharedWithMeResponse | undefined }) {
  const { t } = useTranslation('sharing');
  const { download, pendingId } = useFileDownload('account');
  const files = shared?.files.map((f) =>
    fileRow(
      f,
      t('sharedBy', { username: f.username, meta: formatFileSize(f.file_size) }),
      <>
        <OpenLink to={`/files/${f.id}`} name={f.original_name} />
        <Button variant="secondary" size="sm" onClick={() => void download(f)} loading={pendingId === f.id} aria-label={t('downloadName', { name: f.original_name })}>
          {pendingId !== f.id && <Download aria-hidden="true" className="size-4" />}
          <span className="max-sm:sr-only">{t('download')}</span>
        </Button>
      </>,
    ),
  );
  const folders = shared?.folders.map((f) => folderRow(f, t('sharedBy', { username: f.username, meta: folderMeta(f) }), <OpenLink to={`/folders/${f.id}`} name={f.name} />));
  return (
    <section aria-labelledby="shared-with-me-title" className="mt-10">
      <h2 id="shared-with-me-title" className="text-xl font-semibold tracking-tight text-slate-900">
        {t('sharedWithMe')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{t('filesAndFoldersOtherPeople')}</p>
      <div className="grid gap-6 lg:grid-cols-2">
        <SharingList title={t('filesSharedWithMe')} description={t('openPreviewOrDownloadThem')} items={files} empty={t('nobodyHasSharedAFile')} />
        <SharingList title={t('foldersSharedWithMe')} description={t('everythingInsideIsYoursTo')} items={folders} empty={t('nobodyHasSharedAFolder')} />
      </div>
    </section>
  );
}
