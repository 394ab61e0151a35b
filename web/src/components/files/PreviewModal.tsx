import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { Download, Eye, EyeOff } from 'lucide-react';
import clsx from 'clsx';
import { isPreviewable, type FileItem } from '@vault/contract';
import type { FileAccess } from '../../api/files';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { FileFacts } from './FileFacts';
import { FilePreview, PREVIEW_BACKDROP } from './FilePreview';
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
}

/** The preview dialog: file information, an image or PDF preview, Hide/Show Preview and Download. */
export function PreviewModal({ file, onClose, access = 'account', onDownload, downloading = false }: PreviewModalProps) {
  const { t } = useTranslation('files');
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
                {shown ? t('preview.hide') : t('preview.show')}
              </Button>
            )}
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
        <div className="space-y-4">
          <FileFacts file={file} />
          {shown && (
            <div className={clsx('overflow-hidden rounded-lg border border-slate-200', PREVIEW_BACKDROP)}>
              <FilePreview file={file} preview={preview} />
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
