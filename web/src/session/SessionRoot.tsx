import { Outlet } from 'react-router';
import { FullScreenLoader } from '../components/FullScreenLoader';
import { useSession } from './context';
import { SessionProvider } from './SessionProvider';

function SessionGate() {
  const { status } = useSession();
  return status === 'loading' ? <FullScreenLoader /> : <Outlet />;
}

/** The root route: every screen waits until the stored session has been checked. */
export function SessionRoot() {
  return (
    <SessionProvider>
      <SessionGate />
    </SessionProvider>
  );
}
