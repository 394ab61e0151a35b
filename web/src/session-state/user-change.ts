/**
 * The signed-in user changed: signed out (here, in another tab, or by an
 * ended session) or another user signed in. What is kept for one user beyond
 * the pages that show it (the upload queue) subscribes and lets it go; the
 * session owner announces the change, knowing nothing of who listens.
 */
const listeners = new Set<() => void>();

/** Calls `listener` at each change of the signed-in user; returns the unsubscribe. */
export function onUserChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function announceUserChange(): void {
  for (const listener of listeners) listener();
}
