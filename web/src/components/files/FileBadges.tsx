import { useTranslation } from 'react-i18next';
import type { FileItem } from '@vault/contract';
import { Copy } from 'lucide-react';
import { Badge } from '../ui/Badge';
import { extensionLabel } from '../../lib/file-types';
import { VisibilityBadge } from '../ui/VisibilityBadge';

/** Extension (or FILE), who may read it (public, through a folder, shared) and DEDUPED badges. */
export function FileBadges({ file }: { file: Pick<FileItem, 'original_name' | 'visibility' | 'is_duplicate'> }) {
  const { t } = useTranslation('files');
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge>{extensionLabel(file.original_name)}</Badge>
      <VisibilityBadge visibility={file.visibility} hidePrivate />
      {file.is_duplicate && (
        <Badge tone="accent" title={t('itsContentWasAlreadyStored')}>
          <Copy aria-hidden="true" className="size-3" />
          {t('deduped')}
        </Badge>
      )}
    </span>
  );
}
