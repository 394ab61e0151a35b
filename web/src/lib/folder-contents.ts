import type { Folder } from '@vault/contract';
import { i18n } from '../i18n';
import { formatFileSize } from './format';

/**
 * What a folder holds, each figure said for what it is: the files and folders
 * directly inside, and the size of everything below it. '3 files, 1 folder ·
 * 1.5 KB in all'; without subfolders the direct files are all there is: '3 files · 1.5 KB'.
 */
export function folderContents(folder: Pick<Folder, 'file_count' | 'subfolder_count' | 'folder_size'>): string {
  const files = i18n.t('folders:count.files', { count: folder.file_count });
  const size = formatFileSize(folder.folder_size);
  if (folder.subfolder_count === 0) return i18n.t('folders:contents.filesOnly', { files, size });
  const folders = i18n.t('folders:count.folders', { count: folder.subfolder_count });
  return i18n.t('folders:contents.withFolders', { files, folders, size });
}
