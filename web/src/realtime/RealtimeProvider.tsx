import { useEffect, useEffectEvent, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAccount } from '../api/account';
import { useSession } from '../session-state/context';
import { openRealtimeConnection, realtimeUrl } from './connection';
import { RealtimeContext } from './context';
import { applyRealtimeMessage } from './invalidation';

/** One socket per signed-in tab, once its password is its own; its events refresh the queries they make stale. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { status, token, user, refreshUser } = useSession();
  const [isConnected, setConnected] = useState(false);
  const signedInToken = status === 'authenticated' ? token : null;
  const isAdmin = user?.is_admin ?? false;
  // The server refuses a socket to a session on a temporary password: none is opened until the password is chosen.
  const account = useAccount({ enabled: signedInToken !== null }).data;
  const passwordChosen = account !== undefined && !account.must_change_password;

  // The role may have changed: the navigation, the guards and this socket's own reading of events follow the user read again.
  const accountChanged = useEffectEvent(() => refreshUser());

  useEffect(() => {
    if (signedInToken === null || !passwordChosen) return;
    const close = openRealtimeConnection({
      url: realtimeUrl(),
      token: signedInToken,
      onMessage: (message) => {
        if (applyRealtimeMessage(queryClient, message, isAdmin) === 'account_changed') accountChanged();
      },
      onConnectedChange: setConnected,
    });
    return () => {
      close();
      setConnected(false);
    };
  }, [signedInToken, passwordChosen, isAdmin, queryClient]);

  const value = useMemo(() => ({ isConnected }), [isConnected]);
  return <RealtimeContext value={value}>{children}</RealtimeContext>;
}
