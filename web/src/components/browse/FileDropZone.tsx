import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDropzone } from 'react-dropzone';
import { CloudUpload } from 'lucide-react';
import { handOverDropped } from '../upload/dropped-files';

export interface FileDropZoneProps {
  /** Where dropped files go: a folder, or null for the top level. */
  folder: { id: number; name: string } | null;
  /** Off where the caller may not upload (someone else's folder). */
  enabled: boolean;
  children: ReactNode;
}

/**
 * Files dragged from the computer anywhere over the page show an overlay
 * saying where they will go; dropped, they open the upload page with them
 * listed and its confirmation asked. Dragging the app's own rows and cards
 * carries no files, so it never shows the overlay.
 */
export function FileDropZone({ folder, enabled, children }: FileDropZoneProps) {
  const { t } = useTranslation('browse');
  const navigate = useNavigate();
  const { getRootProps, isDragActive } = useDropzone({
    noClick: true,
    noKeyboard: true,
    multiple: true,
    disabled: !enabled,
    onDrop: (files) => {
      if (files.length === 0) return;
      handOverDropped(files);
      void navigate(folder ? `/upload?folder_id=${folder.id}` : '/upload');
    },
  });
  return (
    <div {...getRootProps()}>
      {children}
      {isDragActive && (
        <div role="status" className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center bg-accent-900/20 p-6 backdrop-blur-[1px]">
          <div className="flex max-w-md flex-col items-center rounded-2xl border-2 border-dashed border-accent-500 bg-surface px-10 py-8 text-center shadow-overlay">
            <span className="flex size-14 items-center justify-center rounded-full bg-accent-50 text-accent-700">
              <CloudUpload aria-hidden="true" className="size-7" />
            </span>
            <p className="mt-4 text-lg font-semibold text-slate-900">{t('drop.title')}</p>
            <p className="mt-1 text-sm break-words text-slate-600">{folder ? t('drop.intoFolder', { name: folder.name }) : t('drop.intoRoot')}</p>
          </div>
        </div>
      )}
    </div>
  );
}
