import { useCallback, useState } from 'react';

export type FileView = 'list' | 'grid';

const storageKey = (userId: number | null) => `vault:file-view:${userId ?? 'anonymous'}`;

function storedView(userId: number | null): FileView {
  try {
    return window.localStorage.getItem(storageKey(userId)) === 'grid' ? 'grid' : 'list';
  } catch {
    return 'list';
  }
}

/** List or grid, remembered in this browser for each user (and once for visitors who are not signed in). */
export function useFileView(userId: number | null): [FileView, (view: FileView) => void] {
  const [view, setView] = useState<{ userId: number | null; view: FileView }>(() => ({ userId, view: storedView(userId) }));
  const current = view.userId === userId ? view.view : storedView(userId);
  const choose = useCallback(
    (next: FileView) => {
      setView({ userId, view: next });
      try {
        window.localStorage.setItem(storageKey(userId), next);
      } catch {
        // Storage refused (private mode, quota): the choice holds for this page only.
      }
    },
    [userId],
  );
  return [current, choose];
}
