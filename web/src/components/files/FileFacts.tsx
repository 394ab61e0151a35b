import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import clsx from 'clsx';
import type { FileItem } from '@vault/contract';
import { formatDate, formatDateTime, formatFileSize } from '../../lib/format';
import { VisibilityText } from '../ui/VisibilityBadge';
import { FileTags } from './FileTags';

function InfoItem({ label, children, wrap }: { label: string; children: ReactNode; wrap: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className={clsx('mt-0.5 text-sm text-slate-900', wrap ? 'break-words' : 'truncate')}>{children}</dd>
    </div>
  );
}

export interface FileFactsProps {
  file: FileItem;
  /**
   * 'grid': name, type, size, visibility, owner and upload date side by side (the file page).
   * 'panel': one under the other, with the last change, folder and tags too (the preview's side panel).
   */
  variant?: 'grid' | 'panel';
  className?: string;
}

/** What is known of a file: the preview dialog's and the file page's facts. */
export function FileFacts({ file, variant = 'grid', className }: FileFactsProps) {
  const { t } = useTranslation('files');
  const panel = variant === 'panel';
  return (
    <dl
      className={clsx(
        'grid gap-x-4 gap-y-3 rounded-lg border border-slate-200 bg-slate-50/60 p-4',
        panel ? 'grid-cols-1' : 'grid-cols-2 sm:grid-cols-4',
        className,
      )}
    >
      <InfoItem label={t('name')} wrap={panel}>
        <span title={file.original_name}>{file.original_name}</span>
      </InfoItem>
      <InfoItem label={t('type')} wrap={panel}>
        {file.mime_type}
      </InfoItem>
      <InfoItem label={t('size')} wrap={panel}>
        {formatFileSize(file.file_size)}
      </InfoItem>
      {/* A sentence: it wraps rather than being cut, however narrow the column. */}
      <InfoItem label={t('visibility')} wrap>
        <VisibilityText visibility={file.visibility} />
      </InfoItem>
      <InfoItem label={t('owner')} wrap={panel}>
        {file.username}
      </InfoItem>
      <InfoItem label={t('uploaded')} wrap={panel}>
        {formatDate(file.created_at)}
      </InfoItem>
      {panel && (
        <>
          <InfoItem label={t('updated')} wrap>
            {formatDateTime(file.updated_at)}
          </InfoItem>
          {file.folder_name && (
            <InfoItem label={t('folder')} wrap>
              {file.folder_name}
            </InfoItem>
          )}
          {file.tags.length > 0 && (
            <InfoItem label={t('tags')} wrap>
              <FileTags tags={file.tags} whole className="mt-1" />
            </InfoItem>
          )}
        </>
      )}
    </dl>
  );
}
