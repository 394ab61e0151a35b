import clsx from 'clsx';
import { fileKind } from '../../lib/file-types';

/** The file-type icon tile. */
export function FileTypeIcon({ mime, size = 'md' }: { mime: string; size?: 'sm' | 'md' }) {
  const { icon: Icon, tone } = fileKind(mime);
  return (
    <span className={clsx('flex shrink-0 items-center justify-center rounded-lg ring-1 ring-inset', tone, size === 'md' ? 'size-10' : 'size-8')}>
      <Icon aria-hidden="true" className={size === 'md' ? 'size-5' : 'size-4'} />
    </span>
  );
}
