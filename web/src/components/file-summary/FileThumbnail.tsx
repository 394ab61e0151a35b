import { useEffect, useState } from 'react';
import clsx from 'clsx';
import { hasThumbnail, type FileItem } from '@vault/contract';
import type { FileAccess } from '../../api/files';
import { useThumbnail } from '../../api/thumbnails';
import { FileTypeIcon } from './FileTypeIcon';

/** A blob: URL for the blob while it is shown, revoked after. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/**
 * A grid tile's picture: the server's thumbnail for pictures and PDFs, the type icon
 * for anything else and while the thumbnail loads or if it cannot be had.
 */
export function FileThumbnail({ file, access }: { file: FileItem; access: FileAccess }) {
  const drawable = hasThumbnail(file.mime_type);
  const thumbnail = useThumbnail(file.id, access, file.updated_at, drawable);
  const url = useObjectUrl(thumbnail.data);
  return (
    <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-t-xl bg-slate-50">
      {url ? (
        // A page is read from its top; a photo is cropped around its middle.
        <img src={url} alt="" className={clsx('size-full object-cover', file.mime_type === 'application/pdf' && 'object-top')} />
      ) : (
        <FileTypeIcon mime={file.mime_type} />
      )}
    </div>
  );
}
