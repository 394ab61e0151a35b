import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import clsx from 'clsx';
import type { FileItem } from '@vault/contract';
import { formatDate, formatFileSize } from '../../lib/format';
import { VisibilityBadge } from '../ui/VisibilityBadge';

function InfoItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 truncate text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** Name, type, size, visibility, owner and upload date: the preview dialog's and the file page's facts. */
export function FileFacts({ file, className }: { file: FileItem; className?: string }) {
  const { t } = useTranslation('files');
  return (
    <dl className={clsx('grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg border border-slate-200 bg-slate-50/60 p-4 sm:grid-cols-4', className)}>
      <InfoItem label={t('name')}>
        <span title={file.original_name}>{file.original_name}</span>
      </InfoItem>
      <InfoItem label={t('type')}>{file.mime_type}</InfoItem>
      <InfoItem label={t('size')}>{formatFileSize(file.file_size)}</InfoItem>
      <InfoItem label={t('visibility')}>
        <VisibilityBadge isPublic={file.is_public} />
      </InfoItem>
      <InfoItem label={t('owner')}>{file.username}</InfoItem>
      <InfoItem label={t('uploaded')}>{formatDate(file.created_at)}</InfoItem>
    </dl>
  );
}
