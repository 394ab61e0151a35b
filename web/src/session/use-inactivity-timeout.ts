import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { SESSION, STORAGE_KEYS } from '@vault/contract';
import { useActivity } from './activity';
import { readLastActivity, touchActivity } from '../session-state/storage';

export const WARNING_SECONDS = SESSION.warningBeforeMs / 1000;

export interface InactivityTimeout {
  warningOpen: boolean;
  /** Seconds until logout while the warning shows: 300 when it opens. */
  secondsLeft: number;
  /** Records activity and closes the warning. */
  stayActive(): void;
}

/** Using the warning itself (moving to its buttons, tabbing through it) is not a return to work. */
const insideDialog = (event: Event) => event.target instanceof Element && event.target.closest('[role="dialog"]') !== null;

/**
 * The session ends 30 minutes after the last activity in any tab (lastActivity
 * is shared through localStorage) and warns 5 minutes before. Both moments are
 * computed from that one timestamp, so every tab's countdown and the logout
 * agree to the second: a timer is set for the next of them, the idle time is
 * also checked every 30 s (a timer can be late after sleep), and another tab's
 * activity re-plans at once.
 */
export function useInactivityTimeout(onTimeout: () => void): InactivityTimeout {
  /** When the session ends, while the warning shows; null while it is closed. */
  const [deadline, setDeadline] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(WARNING_SECONDS);
  const timeOut = useEffectEvent(onTimeout);
  const nextCheck = useRef<number | undefined>(undefined);

  const evaluate = useEffectEvent(() => {
    window.clearTimeout(nextCheck.current);
    const now = Date.now();
    const logoutAt = (readLastActivity() ?? now) + SESSION.inactivityLimitMs;
    if (now >= logoutAt) return timeOut();
    const warnAt = logoutAt - SESSION.warningBeforeMs;
    setDeadline(now >= warnAt ? logoutAt : null);
    if (now < warnAt) nextCheck.current = window.setTimeout(evaluate, warnAt - now);
  });

  const stayActive = () => {
    touchActivity();
    setDeadline(null);
    evaluate();
  };

  useActivity(stayActive, (event) => deadline === null || !insideDialog(event));

  useEffect(() => {
    evaluate();
    const timer = setInterval(evaluate, SESSION.inactivityCheckMs);
    // Activity in another tab lands in lastActivity: it moves this tab's deadline too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.lastActivity) evaluate();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      clearInterval(timer);
      window.clearTimeout(nextCheck.current);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  useEffect(() => {
    if (deadline === null) return;
    let timer: number | undefined;
    // Each step lands on a whole second before the deadline, so the display and the logout never drift apart.
    const tick = () => {
      const remaining = deadline - Date.now();
      setSecondsLeft(Math.max(0, Math.ceil(remaining / 1000)));
      if (remaining <= 0) return timeOut();
      timer = window.setTimeout(tick, remaining % 1000 || 1000);
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [deadline]);

  return { warningOpen: deadline !== null, secondsLeft, stayActive };
}
