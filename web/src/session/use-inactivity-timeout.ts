import { useEffect, useEffectEvent, useState } from 'react';
import { SESSION, STORAGE_KEYS } from '@vault/contract';
import { useActivity } from './activity';
import { readLastActivity, touchActivity } from './storage';

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
 * Every 30 s the idle time (shared by all tabs through
 * lastActivity) is checked; from 25 minutes a warning counts down 5:00 each
 * second and logs out at zero; at 30 minutes idle the session ends anyway.
 */
export function useInactivityTimeout(onTimeout: () => void): InactivityTimeout {
  /** When the warning logs out; null while it is closed. */
  const [deadline, setDeadline] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(WARNING_SECONDS);
  const timeOut = useEffectEvent(onTimeout);

  const evaluate = useEffectEvent(() => {
    const idle = Date.now() - (readLastActivity() ?? Date.now());
    if (idle >= SESSION.inactivityLimitMs) return timeOut();
    const warn = idle >= SESSION.inactivityLimitMs - SESSION.warningBeforeMs;
    setDeadline((current) => (warn ? (current ?? Date.now() + SESSION.warningBeforeMs) : null));
  });

  const stayActive = () => {
    touchActivity();
    setDeadline(null);
  };

  useActivity(stayActive, (event) => deadline === null || !insideDialog(event));

  useEffect(() => {
    const timer = setInterval(evaluate, SESSION.inactivityCheckMs);
    // Activity in another tab lands in lastActivity: it may close this tab's warning.
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.lastActivity) evaluate();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      clearInterval(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) {
        clearInterval(timer);
        timeOut();
      }
    };
    const timer = setInterval(tick, 1_000);
    tick();
    return () => clearInterval(timer);
  }, [deadline]);

  return { warningOpen: deadline !== null, secondsLeft, stayActive };
}
