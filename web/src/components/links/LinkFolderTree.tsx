import { useTranslation } from 'react-i18next';
import { Download, Folder as FolderIcon } from 'lucide-react';
import type { LinkFile, LinkFolder } from '@vault/contract';
import { linkFileUrl } from '../../api/links';
import { formatFileSize } from '../../lib/format';
import { FileTypeIcon } from '../file-summary/FileTypeIcon';
import { buttonClasses } from '../ui/Button';

interface TreeProps {
  token: string;
  grant: string | undefined;
  folders: LinkFolder[];
  files: LinkFile[];
}

function FileRow({ file, token, grant }: { file: LinkFile; token: string; grant: string | undefined }) {
  const { t } = useTranslation('links');
  return (
    <li className="flex items-center gap-3 py-2">
      <FileTypeIcon mime={file.mime_type} size="sm" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm text-slate-900">{file.name}</span>
        <span className="block text-xs text-slate-500">{formatFileSize(file.size)}</span>
      </span>
      <a href={linkFileUrl(token, file.id, grant)} download className={buttonClasses('ghost', 'sm')} aria-label={t('view.downloadNamed', { name: file.name })}>
        <Download aria-hidden="true" className="size-4" />
      </a>
    </li>
  );
}

/** A folder link's tree, read-only: subfolders first, then files, each file with its own download. */
export function LinkFolderTree({ token, grant, rootId, folders, files }: TreeProps & { rootId: number }) {
  // The root's own files come with no folder id: the link names no folder of the owner's.
  const level = (folderId: number) => (
    <ul className="divide-y divide-slate-100">
      {folders
        .filter((f) => f.parent_id === folderId)
        .map((folder) => (
          <li key={`d${folder.id}`} className="py-2">
            <details open>
              <summary className="flex cursor-pointer items-center gap-2 rounded-md py-1 text-sm font-medium text-slate-800 hover:text-accent-700">
                <FolderIcon aria-hidden="true" className="size-4 text-amber-500" />
                {folder.name}
              </summary>
              <div className="mt-1 border-l border-slate-200 pl-4">{level(folder.id)}</div>
            </details>
          </li>
        ))}
      {files
        .filter((f) => f.folder_id === (folderId === rootId ? null : folderId))
        .map((file) => (
          <FileRow key={`f${file.id}`} file={file} token={token} grant={grant} />
        ))}
    </ul>
  );
  return level(rootId);
}
