import type { FileItem } from '@vault/contract';
import { Copy, Globe, Tag } from 'lucide-react';
import clsx from 'clsx';
import { Badge } from '../ui/Badge';
import { extensionLabel, fileKind } from '../../lib/file-types';

/** The file-type icon tile (SPEC §2). */
export function FileTypeIcon({ mime, size = 'md' }: { mime: string; size?: 'sm' | 'md' }) {
  const { icon: Icon, tone } = fileKind(mime);
  return (
    <span className={clsx('flex shrink-0 items-center justify-center rounded-lg ring-1 ring-inset', tone, size === 'md' ? 'size-10' : 'size-8')}>
      <Icon aria-hidden="true" className={size === 'md' ? 'size-5' : 'size-4'} />
    </span>
  );
}

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

export function FileTags({ tags, className }: { tags: readonly string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={clsx('flex flex-wrap gap-1', className)}>
      {tags.map((tag) => (
        <li key={tag} className="inline-flex max-w-[12rem] items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
          <Tag aria-hidden="true" className="size-3 shrink-0 text-slate-400" />
          <span className="truncate">{tag}</span>
        </li>
      ))}
    </ul>
  );
}
