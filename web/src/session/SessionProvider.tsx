import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { STORAGE_KEYS, type AuthResponse } from '@vault/contract';
import { ApiError, setUnauthorizedHandler } from '../api/client';
import { fetchMe, logout } from '../api/auth';
import { authPath, pathOf } from '../lib/return-to';
import { SessionContext, type SessionContextValue, type SessionState, type SignOutReason } from '../session-state/context';
import { isTokenExpired } from '../session-state/jwt';
import { SessionLifecycle } from './SessionLifecycle';
import { clearSession, loadStoredSession, readToken, readUser, saveSession, saveToken, saveUser } from '../session-state/storage';
import { announceUserChange } from '../session-state/user-change';
import { i18n } from '../i18n';

const ANONYMOUS = { status: 'anonymous', token: null, user: null } as const satisfies SessionState;

const SIGN_OUT_TOASTS: Record<SignOutReason, () => void> = {
  user: () => toast.success(i18n.t('session:loggedOut')),
  expired: () => toast.error(i18n.t('session:expired')),
};

function initialState(): SessionState {
  const stored = loadStoredSession();
  return stored ? { status: 'loading', ...stored } : ANONYMOUS;
}

/**
 * Owns the browser session. A usable stored token is confirmed with
 * GET /api/auth/me while the app shows the loading screen; any 401 afterwards
 * ends the session and sends the app to /login.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  /** A session the user did not end (expired, refused by the server): signing in again comes back here. */
  const toLoginReturningHere = useEffectEvent(() => void navigate(authPath('/login', pathOf(location)), { replace: true }));
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(initialState);

  // Every way the user changes (sign-out, a refused token, another tab) passes here: what outlives the pages for one user stops.
  const userId = state.user?.id ?? null;
  const announcedUserId = useRef(userId);
  useEffect(() => {
    if (announcedUserId.current === userId) return;
    announcedUserId.current = userId;
    announceUserChange();
  }, [userId]);

  const endLocally = useCallback(
    (byUser: boolean) => {
      clearSession();
      queryClient.clear();
      setState(byUser ? { ...ANONYMOUS, signedOut: true as const } : ANONYMOUS);
    },
    [queryClient],
  );

  useEffect(() => {
    setUnauthorizedHandler(() => {
      endLocally(false);
      toLoginReturningHere();
    });
    return () => setUnauthorizedHandler(null);
  }, [endLocally]);

  const verifyingToken = state.status === 'loading' ? state.token : null;
  useEffect(() => {
    if (verifyingToken === null) return;
    const controller = new AbortController();
    fetchMe({ token: verifyingToken, signal: controller.signal }).then(
      ({ user }) => {
        saveUser(user);
        setState({ status: 'authenticated', token: verifyingToken, user });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) return; // the 401 handler took over
        // The server could not confirm the session (offline, 5xx): keep the stored one.
        setState((current) => (current.status === 'loading' ? { ...current, status: 'authenticated' } : current));
      },
    );
    return () => controller.abort();
  }, [verifyingToken]);

  const signIn = useCallback(
    (auth: AuthResponse) => {
      saveSession(auth);
      queryClient.clear();
      setState({ status: 'authenticated', token: auth.token, user: auth.user });
    },
    [queryClient],
  );

  // Timers can fire together (the countdown's zero and the 30-minute check): one sign-out per session.
  const signedOut = useRef<string | null>(null);
  const signOut = useCallback(
    (reason: SignOutReason = 'user') => {
      if (state.token === null || signedOut.current === state.token) return;
      signedOut.current = state.token;
      // Revokes the session server-side (best effort); an expired token has nothing left to revoke.
      if (reason !== 'expired') logout(state.token).catch(() => undefined);
      endLocally(reason === 'user');
      SIGN_OUT_TOASTS[reason]();
      if (reason === 'expired') toLoginReturningHere();
      else void navigate('/login', { replace: true });
    },
    [state.token, endLocally, navigate],
  );

  const renewed = useCallback((auth: AuthResponse) => {
    saveToken(auth.token);
    saveUser(auth.user);
    setState((current) => (current.status === 'authenticated' ? { ...current, token: auth.token, user: auth.user } : current));
  }, []);

  /** Another tab signed out, signed in or renewed the token: follow it. */
  const followOtherTab = useEffectEvent(() => {
    const token = readToken();
    if (token === null) {
      if (state.status === 'anonymous') return;
      endLocally(true);
      SIGN_OUT_TOASTS.user();
      void navigate('/login', { replace: true });
      return;
    }
    const user = readUser();
    // The other tab writes token then user: wait for the pair (the next event), and never adopt an expired token.
    if (user === null || isTokenExpired(token)) return;
    if (token === state.token && JSON.stringify(user) === JSON.stringify(state.user)) return;
    if (user.id !== state.user?.id) queryClient.clear();
    setState({ status: 'authenticated', token, user });
  });

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== localStorage) return;
      // key null: the other tab cleared the whole storage.
      if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) followOtherTab();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const signedInToken = state.status === 'authenticated' ? state.token : null;
  const refreshUser = useCallback(() => {
    if (signedInToken === null) return;
    // A 401 here ends the session through the unauthorized handler; a failure to reach the server keeps the user as stored.
    fetchMe({ token: signedInToken }).then(
      ({ user }) =>
        setState((current) => {
          if (current.status !== 'authenticated' || current.token !== signedInToken) return current;
          saveUser(user);
          return { ...current, user };
        }),
      () => undefined,
    );
  }, [signedInToken]);

  const value = useMemo<SessionContextValue>(() => ({ ...state, signIn, signOut, refreshUser }), [state, signIn, signOut, refreshUser]);
  return (
    <SessionContext value={value}>
      {children}
      {state.status === 'authenticated' && <SessionLifecycle token={state.token} signOut={signOut} onRenewed={renewed} />}
    </SessionContext>
  );
}
