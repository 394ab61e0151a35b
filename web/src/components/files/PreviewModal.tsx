import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight, Download, PanelRightClose, PanelRightOpen } from 'lucide-react';
import { isPreviewable, type FileItem } from '@vault/contract';
import type { FileAccess } from '../../api/files';
import { useMediaQuery } from '../../lib/use-media-query';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { FileFacts } from './FileFacts';
import { FilePreview } from './FilePreview';
import { usePreviewUrl } from './use-preview-url';

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
  /** The list the preview was opened from, in its order: Previous and Next step through its previewable files. */
  files?: readonly FileItem[];
  /** Shows another file of that list in place of this one. */
  onStep?(file: FileItem): void;
}

/**
 * Whether a key press belongs to a field or a player (whose arrows seek), or
 * asks for something else with a modifier, rather than to the viewer.
 */
function meantForSomethingElse(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  const handledThere = target !== null && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT', 'VIDEO', 'AUDIO'].includes(target.tagName));
  return handledThere || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey;
}

/** The previewable neighbours of `file` in `files`: where it stands, and the files before and after it. */
function neighbours(files: readonly FileItem[], file: FileItem | null) {
  const steps = files.filter((f) => isPreviewable(f.mime_type));
  const index = file ? steps.findIndex((f) => f.id === file.id) : -1;
  return {
    index,
    count: steps.length,
    previous: index > 0 ? steps[index - 1] : undefined,
    next: index >= 0 ? steps[index + 1] : undefined,
  };
}

/**
 * The preview dialog: the file as large as the window allows, its facts in a
 * side panel that can be hidden, Previous and Next through the list it was
 * opened from (also the Left and Right arrow keys), and Download.
 */
export function PreviewModal({ file, onClose, access = 'account', onDownload, downloading = false, files = [], onStep }: PreviewModalProps) {
  const { t } = useTranslation('files');
  const wide = useMediaQuery('(min-width: 768px)');
  // Until the user chooses, the details show beside the preview on wide screens and stay folded away on phones.
  const [detailsChoice, setDetailsChoice] = useState<boolean | null>(null);
  const details = detailsChoice ?? wide;
  const preview = usePreviewUrl(file !== null && isPreviewable(file.mime_type) ? file : null, access);
  const { index, count, previous, next } = neighbours(files, file);
  const stepping = onStep !== undefined && index >= 0 && count > 1;

  useEffect(() => {
    if (!stepping) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (meantForSomethingElse(event)) return;
      const target = event.key === 'ArrowLeft' ? previous : event.key === 'ArrowRight' ? next : undefined;
      if (!target) return;
      event.preventDefault();
      onStep(target);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [stepping, previous, next, onStep]);

  return (
    <Dialog
      open={file !== null}
      onOpenChange={(open) => !open && onClose()}
      title={file?.original_name ?? ''}
      size="full"
      footer={
        file && (
          <>
            {stepping && (
              <div role="group" aria-label={t('preview.navigation')} className="mr-auto flex w-full items-center justify-between gap-2 sm:w-auto sm:justify-start">
                <Button variant="secondary" size="sm" onClick={() => previous && onStep(previous)} disabled={!previous} aria-keyshortcuts="ArrowLeft">
                  <ChevronLeft aria-hidden="true" className="size-4" />
                  {t('preview.previous')}
                </Button>
                <span className="text-sm text-slate-600 tabular-nums">{t('preview.position', { index: index + 1, count })}</span>
                <Button variant="secondary" size="sm" onClick={() => next && onStep(next)} disabled={!next} aria-keyshortcuts="ArrowRight">
                  {t('preview.next')}
                  <ChevronRight aria-hidden="true" className="size-4" />
                </Button>
              </div>
            )}
            <Button variant="secondary" onClick={() => setDetailsChoice(!details)} aria-expanded={details}>
              {details ? <PanelRightClose aria-hidden="true" className="size-4" /> : <PanelRightOpen aria-hidden="true" className="size-4" />}
              {details ? t('preview.hideDetails') : t('preview.showDetails')}
            </Button>
            {onDownload && (
              <Button onClick={() => onDownload(file)} loading={downloading}>
                {!downloading && <Download aria-hidden="true" className="size-4" />}
                {t('action.download')}
              </Button>
            )}
          </>
        )
      }
    >
      {file && (
        <div className="flex h-full min-h-0 flex-col gap-4 md:flex-row">
          <div className="min-h-0 flex-1 overflow-hidden rounded-lg border border-slate-200">
            <FilePreview file={file} preview={preview} fill />
          </div>
          {details && (
            <aside aria-label={t('preview.details')} className="max-h-[40%] shrink-0 overflow-y-auto md:max-h-none md:w-72">
              <FileFacts file={file} variant="panel" />
            </aside>
          )}
        </div>
      )}
    </Dialog>
  );
}
