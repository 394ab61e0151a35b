import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Globe, Lock } from 'lucide-react';
import { formatFileSize } from '../../lib/format';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { FileTags } from '../files/FileTags';

export interface ConfirmUploadDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  files: readonly File[];
  folderLabel: string;
  isPublic: boolean;
  tags: readonly string[];
  onConfirm(): void;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-2">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 text-right text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** The 'Confirm Upload' dialog: folder, visibility, tags, total size and the files, with Cancel / Upload Files. */
export function ConfirmUploadDialog({ open, onOpenChange, files, folderLabel, isPublic, tags, onConfirm }: ConfirmUploadDialogProps) {
  const { t } = useTranslation('upload');
  const total = files.reduce((n, f) => n + f.size, 0);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('confirmUpload')}
      description={t('confirm.description', { count: files.length })}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('cancel')}
          </Button>
          <Button onClick={onConfirm}>{t('uploadFiles')}</Button>
        </>
      }
    >
      <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 px-4">
        <Row label={t('folder')}>{folderLabel}</Row>
        <Row label={t('visibility')}>
          <span className="inline-flex items-center gap-1.5">
            {isPublic ? <Globe aria-hidden="true" className="size-4 text-emerald-700" /> : <Lock aria-hidden="true" className="size-4 text-slate-500" />}
            {isPublic ? t('confirm.public') : t('confirm.private')}
          </span>
        </Row>
        <Row label={t('tags')}>{tags.length > 0 ? <FileTags tags={tags} whole className="justify-end" /> : <span className="font-normal text-slate-500">{t('none')}</span>}</Row>
        <Row label={t('totalSize')}>{formatFileSize(total)}</Row>
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">{t('files')}</h3>
      <ul className="mt-2 max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 text-sm">
        {files.map((file, i) => (
          <li key={`${file.name}-${i}`} className="flex justify-between gap-3 px-3 py-2">
            <span className="truncate text-slate-800" title={file.name}>
              {file.name}
            </span>
            <span className="shrink-0 text-slate-500">{formatFileSize(file.size)}</span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
