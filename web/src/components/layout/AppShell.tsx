import { Outlet } from 'react-router';
import { useCurrentUser, useSession } from '../../session/context';
import { NavBar } from './NavBar';
import { PageContainer } from './PageContainer';
import { SkipLink } from './SkipLink';

/** Layout of signed-in screens: navigation bar above the page. */
export function AppShell() {
  const user = useCurrentUser();
  const { signOut } = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavBar user={user} onLogout={() => signOut()} />
      <PageContainer>
        <Outlet />
      </PageContainer>
    </div>
  );
}
