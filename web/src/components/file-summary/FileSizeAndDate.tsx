import type { FileItem } from '@vault/contract';
import { formatDate, formatFileSize } from '../../lib/format';
import { FactLine } from '../ui/FactLine';

/** '2 MB · Jan 05, 2024': a file's size and upload date, where a row or tile has room for little else. */
export function FileSizeAndDate({ file }: { file: Pick<FileItem, 'file_size' | 'created_at'> }) {
  return <FactLine facts={[formatFileSize(file.file_size), formatDate(file.created_at)]} />;
}
