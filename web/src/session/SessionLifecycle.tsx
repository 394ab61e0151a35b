import type { AuthResponse } from '@vault/contract';
import type { SignOutReason } from '../session-state/context';
import { SessionTimeoutWarning } from './SessionTimeoutWarning';
import { useInactivityTimeout } from './use-inactivity-timeout';
import { useTokenLifecycle } from './use-token-lifecycle';

export interface SessionLifecycleProps {
  token: string;
  signOut(reason: SignOutReason): void;
  onRenewed(auth: AuthResponse): void;
}

/** While signed in: inactivity warning and timeout, token expiry and renewal. */
export function SessionLifecycle({ token, signOut, onRenewed }: SessionLifecycleProps) {
  const inactivity = useInactivityTimeout(() => signOut('user'));
  useTokenLifecycle(token, { onExpired: () => signOut('expired'), onRenewed });
  return (
    <SessionTimeoutWarning
      open={inactivity.warningOpen}
      secondsLeft={inactivity.secondsLeft}
      onStayActive={inactivity.stayActive}
      onLogout={() => signOut('user')}
    />
  );
}
