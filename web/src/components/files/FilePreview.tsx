import { useTranslation } from 'react-i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { FileWarning } from 'lucide-react';
import { isPreviewable, type FileItem } from '@vault/contract';
import { Spinner } from '../ui/Spinner';
import { FileTypeIcon } from './FileTypeIcon';
import { looksLikePdf, type PreviewState } from './use-preview-url';

/** The checkerboard behind a preview, so transparent images and page edges show. */
export const PREVIEW_BACKDROP = 'bg-[repeating-conic-gradient(#f1f5f9_0%_25%,#fff_0%_50%)] bg-[length:20px_20px]';

function PreviewMessage({ icon, children, tone = 'neutral' }: { icon: ReactNode; children: ReactNode; tone?: 'neutral' | 'error' }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className="flex h-full min-h-48 flex-col items-center justify-center gap-3 p-6 text-center">
      {icon}
      <p className={tone === 'error' ? 'text-sm font-medium text-red-700' : 'text-sm text-slate-600'}>{children}</p>
    </div>
  );
}

function Failure({ message }: { message: string }) {
  return (
    <PreviewMessage tone="error" icon={<FileWarning aria-hidden="true" className="size-8 text-red-500" />}>
      {message}
    </PreviewMessage>
  );
}

function PdfPreview({ name, url, blob }: { name: string; url: string; blob: Blob }) {
  const { t } = useTranslation('files');
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
  if (valid === false) return <Failure message={t('preview.pdfFailed')} />;
  if (valid === null) return null;
  // Browsers without a built-in PDF viewer (most phones) would offer a download inside the frame instead.
  if (navigator.pdfViewerEnabled === false) {
    return (
      <PreviewMessage icon={<FileWarning aria-hidden="true" className="size-8 text-slate-400" />}>
        {t('thisBrowserCannotShowPdfs')}
      </PreviewMessage>
    );
  }
  return <iframe src={`${url}#view=FitH`} title={t('preview.of', { name })} className="h-[65dvh] w-full rounded-lg bg-surface" />;
}

function ImagePreview({ name, url }: { name: string; url: string }) {
  const { t } = useTranslation('files');
  const [broken, setBroken] = useState(false);
  if (broken) return <Failure message={t('preview.imageFailed')} />;
  return <img src={url} alt={t('preview.of', { name })} onError={() => setBroken(true)} className="mx-auto max-h-[65dvh] w-auto max-w-full object-contain" />;
}

/** The preview of an image or PDF, or why there is none. */
export function FilePreview({ file, preview }: { file: Pick<FileItem, 'original_name' | 'mime_type'>; preview: PreviewState }) {
  const { t } = useTranslation('files');
  if (!isPreviewable(file.mime_type)) {
    return (
      <PreviewMessage icon={<FileTypeIcon mime={file.mime_type} />}>{t('thisFileTypeCannotBe')}</PreviewMessage>
    );
  }
  if (preview.status === 'error') return <Failure message={t('preview.failed')} />;
  if (preview.status !== 'ready') {
    return <PreviewMessage icon={<Spinner className="size-6 text-accent-700" />}>{t('loadingPreview')}</PreviewMessage>;
  }
  return file.mime_type === 'application/pdf' ? (
    <PdfPreview name={file.original_name} url={preview.url} blob={preview.blob} />
  ) : (
    <ImagePreview name={file.original_name} url={preview.url} />
  );
}
