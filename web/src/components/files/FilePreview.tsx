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
export function FilePreview({ file, preview }: { file: Pick<FileItem, 'original_name' | 'mime_type'>; preview: PreviewState }) {
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
