import type { ReactNode } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';
import { useCurrentUser } from '../../session-state/context';
import { FolderTree, type FolderTreeProps } from './FolderTree';

/**
 * At desktop width the folder tree sits beside the page, in view while it scrolls; narrower screens
 * show the page alone. The page keeps its place in the tree either way, so crossing the width (a
 * tablet turned) keeps what it holds: a selection, a search being typed.
 */
export function WithFolderTree({ current, children }: Pick<FolderTreeProps, 'current'> & { children: ReactNode }) {
  const user = useCurrentUser();
  const wide = useMediaQuery('(min-width: 1024px)');
  return (
    <div className={wide ? 'grid grid-cols-[15rem_minmax(0,1fr)] items-start gap-6' : undefined}>
      {wide && (
        <aside className="sticky top-24 max-h-[calc(100dvh-8rem)] overflow-y-auto">
          <FolderTree current={current} userId={user.id} />
        </aside>
      )}
      <div className="min-w-0">{children}</div>
    </div>
  );
}
