import { Outlet } from 'react-router';
import { useCurrentUser, useSession } from '../../session-state/context';
import { ShortcutsProvider } from './KeyboardShortcuts';
import { NavBar } from './NavBar';
import { PageContainer } from './PageContainer';
import { SkipLink } from '../ui/SkipLink';

/** Layout of signed-in screens: navigation bar above the page, and the keyboard shortcuts. */
export function AppShell() {
  const user = useCurrentUser();
  const { signOut } = useSession();
  return (
    <ShortcutsProvider>
      <div className="flex min-h-dvh flex-col">
        <SkipLink />
        <NavBar user={user} onLogout={() => signOut()} />
        <PageContainer>
          <Outlet />
        </PageContainer>
      </div>
    </ShortcutsProvider>
  );
}
