import { useEffect, useEffectEvent } from 'react';

/**
 * What counts as activity for the inactivity timeout. keydown joins keypress, which browsers do not fire for Tab,
 * arrows or Escape, keys a working user presses too. timeupdate is a video or audio playing in a preview: somebody
 * watching a film for an hour does not touch the mouse, and is not away.
 */
export const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keypress', 'keydown', 'scroll', 'touchstart', 'click', 'timeupdate'] as const;

/** Activity is recorded at most once a second, however fast the mouse moves. */
export const ACTIVITY_THROTTLE_MS = 1_000;

/**
 * Calls `onActivity` for user activity anywhere in the page (capture phase, so
 * scrolling inside any element, and a player's time, which never bubbles, count), at most once per throttle interval.
 * `counts` can rule an event out before it uses up the interval.
 */
export function useActivity(onActivity: () => void, counts: (event: Event) => boolean = () => true): void {
  const handle = useEffectEvent((event: Event): boolean => {
    if (!counts(event)) return false;
    onActivity();
    return true;
  });
  useEffect(() => {
    let last = -Infinity;
    const listener = (event: Event) => {
      const now = Date.now();
      if (now - last >= ACTIVITY_THROTTLE_MS && handle(event)) last = now;
    };
    const options = { capture: true, passive: true };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, listener, options);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, listener, options);
    };
  }, []);
}
