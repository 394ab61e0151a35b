import { useSession } from '../../session-state/context';
import { AppShell } from './AppShell';
import { PublicShell } from './PublicShell';

/** Pages open to anyone: the navigation bar when signed in, a minimal header otherwise. */
export function AdaptiveShell() {
  const { status } = useSession();
  return status === 'authenticated' ? <AppShell /> : <PublicShell />;
}
