import { useTranslation } from 'react-i18next';
import type { FileItem } from '@vault/contract';
import { Copy, Globe } from 'lucide-react';
import { Badge } from '../ui/Badge';
import { extensionLabel } from '../../lib/file-types';

/** Extension (or FILE), PUBLIC and DEDUPED badges. */
export function FileBadges({ file }: { file: Pick<FileItem, 'original_name' | 'is_public' | 'is_duplicate'> }) {
  const { t } = useTranslation('files');
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge>{extensionLabel(file.original_name)}</Badge>
      {file.is_public && (
        <Badge tone="success">
          <Globe aria-hidden="true" className="size-3" />
          {t('public')}
        </Badge>
      )}
      {file.is_duplicate && (
        <Badge tone="accent" title={t('itsContentWasAlreadyStored')}>
          <Copy aria-hidden="true" className="size-3" />
          {t('deduped')}
        </Badge>
      )}
    </span>
  );
}
