import { createContext, useContext } from 'react';
import type { AuthResponse, User } from '@vault/contract';

/** Why a session ends; decides the toast shown. */
export type SignOutReason = 'user' | 'expired';

export type SessionState =
  | { status: 'loading'; token: string; user: User }
  | { status: 'authenticated'; token: string; user: User }
  | {
      status: 'anonymous';
      token: null;
      user: null;
      /** The user ended the session (here or in another tab): sign-in starts afresh, with no page to return to. */
      signedOut?: true;
    };

export type SessionContextValue = SessionState & {
  /** Stores a fresh token and user (login, registration, token refresh). */
  signIn(auth: AuthResponse): void;
  /** Ends the session here and on the server, then goes to /login. */
  signOut(reason?: SignOutReason): void;
  /** Reads the signed-in user again (GET /api/auth/me): their account changed elsewhere, their role perhaps. */
  refreshUser(): void;
};

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** The signed-in user; only for screens behind <RequireAuth>. */
export function useCurrentUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser needs a signed-in user');
  return user;
}
