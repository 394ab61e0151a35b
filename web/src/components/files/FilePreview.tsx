import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useEffect, useState } from 'react';
import { FileWarning } from 'lucide-react';
import clsx from 'clsx';
import { previewKind, type FileItem } from '@vault/contract';
import { FileTypeIcon } from '../file-summary/FileTypeIcon';
import { Failure, PreviewLoading, PreviewMessage } from './PreviewMessage';
import { looksLikePdf, type PreviewState } from './use-preview-url';
import { MediaViewer } from './viewers/MediaViewer';

// The text viewers and their libraries load with the first text preview, never with the app.
const PlainTextViewer = lazy(async () => ({ default: (await import('./viewers/TextViewer')).PlainTextViewer }));
const JsonViewer = lazy(async () => ({ default: (await import('./viewers/TextViewer')).JsonViewer }));
const MarkdownViewer = lazy(async () => ({ default: (await import('./viewers/MarkdownViewer')).MarkdownViewer }));
const CsvViewer = lazy(async () => ({ default: (await import('./viewers/CsvViewer')).CsvViewer }));

const TEXT_VIEWERS = { text: PlainTextViewer, json: JsonViewer, markdown: MarkdownViewer, csv: CsvViewer } as const;

/** The checkerboard behind a picture, so transparent parts show. */
const CHECKERBOARD = 'bg-[repeating-conic-gradient(var(--color-slate-100)_0%_25%,var(--color-surface)_0%_50%)] bg-[length:20px_20px]';

function PdfPreview({ name, url, blob, fill }: { name: string; url: string; blob: Blob; fill: boolean }) {
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
  if (valid === false) return <Failure fill={fill} message={t('preview.pdfFailed')} />;
  if (valid === null) return null;
  // Browsers without a built-in PDF viewer (most phones) would offer a download inside the frame instead.
  if (navigator.pdfViewerEnabled === false) {
    return (
      <PreviewMessage fill={fill} icon={<FileWarning aria-hidden="true" className="size-8 text-slate-400" />}>
        {t('thisBrowserCannotShowPdfs')}
      </PreviewMessage>
    );
  }
  return <iframe src={`${url}#view=FitH`} title={t('preview.of', { name })} className={clsx('block w-full bg-surface', fill ? 'h-full' : 'h-[65dvh]')} />;
}

function ImagePreview({ name, url, fill }: { name: string; url: string; fill: boolean }) {
  const { t } = useTranslation('files');
  const [broken, setBroken] = useState(false);
  if (broken) return <Failure fill={fill} message={t('preview.imageFailed')} />;
  return (
    <div className={clsx('flex items-center justify-center', CHECKERBOARD, fill && 'h-full')}>
      <img
        src={url}
        alt={t('preview.of', { name })}
        onError={() => setBroken(true)}
        // In the dialog the picture takes all the room it has (small ones grow too); on a page it keeps to its size.
        className={fill ? 'size-full object-contain' : 'max-h-[65dvh] w-auto max-w-full object-contain'}
      />
    </div>
  );
}

export interface FilePreviewProps {
  file: Pick<FileItem, 'original_name' | 'mime_type'>;
  preview: PreviewState;
  /** Take the parent's whole height (the preview dialog); otherwise the preview sizes itself (a page). */
  fill?: boolean;
}

/** The preview of a picture, PDF, text (plain, Markdown, CSV, JSON), video or audio, or why there is none. */
export function FilePreview({ file, preview, fill = false }: FilePreviewProps) {
  const { t } = useTranslation('files');
  const kind = previewKind(file.mime_type);
  if (kind === null) {
    return (
      <PreviewMessage fill={fill} icon={<FileTypeIcon mime={file.mime_type} />}>
        {t('thisFileTypeCannotBe')}
      </PreviewMessage>
    );
  }
  if (preview.status === 'error') return <Failure fill={fill} message={t('preview.failed')} />;
  if (kind === 'video' || kind === 'audio') {
    if (preview.status !== 'stream') return <PreviewLoading fill={fill} />;
    // A player of its own for each address: nothing of one file's playback carries over to the next.
    return <MediaViewer key={preview.url} kind={kind} name={file.original_name} url={preview.url} renew={preview.renew} fill={fill} />;
  }
  if (preview.status !== 'ready') return <PreviewLoading fill={fill} />;
  if (kind === 'image') return <ImagePreview name={file.original_name} url={preview.url} fill={fill} />;
  if (kind === 'pdf') return <PdfPreview name={file.original_name} url={preview.url} blob={preview.blob} fill={fill} />;
  const Viewer = TEXT_VIEWERS[kind];
  return (
    <Suspense fallback={<PreviewLoading fill={fill} />}>
      <Viewer blob={preview.blob} truncated={preview.truncated} name={file.original_name} fill={fill} />
    </Suspense>
  );
}
