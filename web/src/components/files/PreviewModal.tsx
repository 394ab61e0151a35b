import { useEffect, useState, type ReactNode } from 'react';
import { Download, Eye, EyeOff, FileWarning } from 'lucide-react';
import clsx from 'clsx';
import { isPreviewable, type FileItem } from '@vault/contract';
import type { FileAccess } from '../../api/files';
import { formatDate, formatFileSize } from '../../lib/format';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Spinner } from '../ui/Spinner';
import { VisibilityBadge } from '../ui/VisibilityBadge';
import { FileTypeIcon } from './FileBits';
import { looksLikePdf, usePreviewUrl, type PreviewState } from './use-preview-url';

export interface PreviewModalProps {
  /** The file to show; null closes the dialog. */
  file: FileItem | null;
  onClose(): void;
  /** 'public' reads through the anonymous public route. */
  access?: FileAccess;
  /** Shows a Download button. */
  onDownload?(file: FileItem): void;
  /** True while that download is being prepared. */
  downloading?: boolean;
}

function PreviewMessage({ icon, children, tone = 'neutral' }: { icon: ReactNode; children: ReactNode; tone?: 'neutral' | 'error' }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className="flex h-full min-h-48 flex-col items-center justify-center gap-3 p-6 text-center">
      {icon}
      <p className={tone === 'error' ? 'text-sm font-medium text-red-700' : 'text-sm text-slate-600'}>{children}</p>
    </div>
  );
}

const failure = (message: string) => (
  <PreviewMessage tone="error" icon={<FileWarning aria-hidden="true" className="size-8 text-red-500" />}>
    {message}
  </PreviewMessage>
);

function PdfPreview({ name, url, blob }: { name: string; url: string; blob: Blob }) {
  const [valid, setValid] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    looksLikePdf(blob).then(
      (ok) => live && setValid(ok),
      () => live && setValid(false),
    );
    return () => {
      live = false;
    };
  }, [blob]);
  if (valid === false) return failure('Failed to load PDF');
  if (valid === null) return null;
  // Browsers without a built-in PDF viewer (most phones) would offer a download inside the frame instead.
  if (navigator.pdfViewerEnabled === false) {
    return (
      <PreviewMessage icon={<FileWarning aria-hidden="true" className="size-8 text-slate-400" />}>
        This browser cannot show PDFs inside the page. Download the file to read it.
      </PreviewMessage>
    );
  }
  return <iframe src={`${url}#view=FitH`} title={`Preview of ${name}`} className="h-[65dvh] w-full rounded-lg bg-white" />;
}

function ImagePreview({ name, url }: { name: string; url: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) return failure('Failed to load image');
  return <img src={url} alt={`Preview of ${name}`} onError={() => setBroken(true)} className="mx-auto max-h-[65dvh] w-auto max-w-full object-contain" />;
}

/** The preview of an image or PDF, or why there is none. */
export function PreviewArea({ file, preview }: { file: FileItem; preview: PreviewState }) {
  if (!isPreviewable(file.mime_type)) {
    return (
      <PreviewMessage icon={<FileTypeIcon mime={file.mime_type} />}>This file type cannot be previewed in the browser</PreviewMessage>
    );
  }
  if (preview.status === 'error') return failure('Failed to load preview');
  if (preview.status !== 'ready') {
    return <PreviewMessage icon={<Spinner className="size-6 text-accent-600" />}>Loading preview...</PreviewMessage>;
  }
  return file.mime_type === 'application/pdf' ? (
    <PdfPreview name={file.original_name} url={preview.url} blob={preview.blob} />
  ) : (
    <ImagePreview name={file.original_name} url={preview.url} />
  );
}

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
  return (
    <dl className={clsx('grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg border border-slate-200 bg-slate-50/60 p-4 sm:grid-cols-4', className)}>
      <InfoItem label="Name">
        <span title={file.original_name}>{file.original_name}</span>
      </InfoItem>
      <InfoItem label="Type">{file.mime_type}</InfoItem>
      <InfoItem label="Size">{formatFileSize(file.file_size)}</InfoItem>
      <InfoItem label="Visibility">
        <VisibilityBadge isPublic={file.is_public} />
      </InfoItem>
      <InfoItem label="Owner">{file.username}</InfoItem>
      <InfoItem label="Uploaded">{formatDate(file.created_at)}</InfoItem>
    </dl>
  );
}

/** SPEC §2's preview dialog: file information, an image or PDF preview, Hide/Show Preview and Download. */
export function PreviewModal({ file, onClose, access = 'account', onDownload, downloading = false }: PreviewModalProps) {
  const [shown, setShown] = useState(true);
  const previewable = file !== null && isPreviewable(file.mime_type);
  const preview = usePreviewUrl(previewable ? file.id : null, access);

  useEffect(() => setShown(true), [file?.id]);

  return (
    <Dialog
      open={file !== null}
      onOpenChange={(open) => !open && onClose()}
      title={file?.original_name ?? ''}
      size="xl"
      footer={
        file && (
          <>
            {previewable && (
              <Button variant="secondary" onClick={() => setShown((s) => !s)} aria-pressed={!shown}>
                {shown ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
                {shown ? 'Hide Preview' : 'Show Preview'}
              </Button>
            )}
            {onDownload && (
              <Button onClick={() => onDownload(file)} loading={downloading}>
                {!downloading && <Download aria-hidden="true" className="size-4" />}
                Download
              </Button>
            )}
          </>
        )
      }
    >
      {file && (
        <div className="space-y-4">
          <FileFacts file={file} />
          {shown && (
            <div className="overflow-hidden rounded-lg border border-slate-200 bg-[repeating-conic-gradient(#f1f5f9_0%_25%,#fff_0%_50%)] bg-[length:20px_20px]">
              <PreviewArea file={file} preview={preview} />
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
