import { Outlet } from 'react-router';
import { FullScreenLoader } from '../components/FullScreenLoader';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { useSession } from '../session-state/context';
import { SessionProvider } from './SessionProvider';

function SessionGate() {
  const { status } = useSession();
  return status === 'loading' ? <FullScreenLoader /> : <Outlet />;
}

/** The root route: every screen waits until the stored session has been checked, and shares the tab's real-time link. */
export function SessionRoot() {
  return (
    <SessionProvider>
      <RealtimeProvider>
        <SessionGate />
      </RealtimeProvider>
    </SessionProvider>
  );
}
