import type { FileItem } from '@vault/contract';
import { Copy, Globe } from 'lucide-react';
import { Badge } from '../ui/Badge';
import { extensionLabel } from '../../lib/file-types';

/** Extension (or FILE), PUBLIC and DEDUPED badges. */
export function FileBadges({ file }: { file: Pick<FileItem, 'original_name' | 'is_public' | 'is_duplicate'> }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge>{extensionLabel(file.original_name)}</Badge>
      {file.is_public && (
        <Badge tone="success">
          <Globe aria-hidden="true" className="size-3" />
          PUBLIC
        </Badge>
      )}
      {file.is_duplicate && (
        <Badge tone="accent" title="Its content was already stored: this copy takes no extra space">
          <Copy aria-hidden="true" className="size-3" />
          DEDUPED
        </Badge>
      )}
    </span>
  );
}
