import { useCallback, useState } from 'react';

const storageKey = (userId: number) => `vault:folder-tree:${userId}`;

/** The ids stored for this user; anything unreadable counts as nothing expanded. */
export function storedExpanded(userId: number): Set<number> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(storageKey(userId)) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id) && id > 0) : []);
  } catch {
    return new Set();
  }
}

function store(userId: number, ids: ReadonlySet<number>): void {
  try {
    window.localStorage.setItem(storageKey(userId), JSON.stringify([...ids]));
  } catch {
    // Storage refused (private mode, quota): the tree remembers for this page only.
  }
}

/**
 * Which folders of the tree are open, remembered in this browser for each
 * user: `toggle` opens or closes one, `expand` opens several (the folders
 * above the one on screen).
 */
export function useExpandedFolders(userId: number) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => storedExpanded(userId));
  const change = useCallback(
    (next: (now: ReadonlySet<number>) => ReadonlySet<number>) =>
      setExpanded((now) => {
        const changed = next(now);
        if (changed !== now) store(userId, changed);
        return changed;
      }),
    [userId],
  );
  const toggle = useCallback(
    (id: number, open: boolean) =>
      change((now) => {
        if (now.has(id) === open) return now;
        const next = new Set(now);
        if (open) next.add(id);
        else next.delete(id);
        return next;
      }),
    [change],
  );
  const expand = useCallback((ids: readonly number[]) => change((now) => (ids.every((id) => now.has(id)) ? now : new Set([...now, ...ids]))), [change]);
  return { expanded, toggle, expand };
}
