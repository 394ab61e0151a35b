import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AuthResponse } from '@vault/contract';
import { ApiError, setUnauthorizedHandler } from '../api/client';
import { fetchMe, logout } from '../api/auth';
import { SessionContext, type SessionContextValue, type SessionState, type SignOutReason } from './context';
import { clearSession, loadStoredSession, saveSession, saveUser } from './storage';

const ANONYMOUS: SessionState = { status: 'anonymous', token: null, user: null };

const SIGN_OUT_TOASTS: Record<SignOutReason, () => void> = {
  user: () => toast.success('Logged out successfully'),
  expired: () => toast.error('Your session has expired. Please log in again.'),
};

function initialState(): SessionState {
  const stored = loadStoredSession();
  return stored ? { status: 'loading', ...stored } : ANONYMOUS;
}

/**
 * Owns the browser session (SPEC §4). A usable stored token is confirmed with
 * GET /api/auth/me while the app shows the loading screen; any 401 afterwards
 * ends the session and sends the app to /login.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(initialState);

  const endLocally = useCallback(() => {
    clearSession();
    queryClient.clear();
    setState(ANONYMOUS);
  }, [queryClient]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      endLocally();
      void navigate('/login', { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [endLocally, navigate]);

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

  const signOut = useCallback(
    (reason: SignOutReason = 'user') => {
      if (state.token) logout(state.token).catch(() => undefined); // best effort: the token expires anyway
      endLocally();
      SIGN_OUT_TOASTS[reason]();
      void navigate('/login', { replace: true });
    },
    [state.token, endLocally, navigate],
  );

  const value = useMemo<SessionContextValue>(() => ({ ...state, signIn, signOut }), [state, signIn, signOut]);
  return <SessionContext value={value}>{children}</SessionContext>;
}
