import { Navigate, Outlet, useLocation } from 'react-router';
import { useAccount } from '../api/account';
import { useAppConfig } from '../api/auth';
import { LoadingState } from '../components/ui/LoadingState';
import { authPath, pathOf, useReturnTarget } from '../lib/return-to';
import { useSession } from '../session-state/context';

/**
 * Signed-in screens: anonymous visitors go to /login, which brings them back
 * here once signed in, and a user whose password an admin reset goes to
 * Settings until they choose a new one.
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const account = useAccount({ enabled: session.status === 'authenticated' });
  if (session.status !== 'authenticated') {
    return <Navigate to={authPath('/login', session.status === 'anonymous' && session.signedOut ? null : pathOf(location))} replace />;
  }
  if (account.data?.must_change_password && location.pathname !== '/settings') return <Navigate to="/settings" replace />;
  return <Outlet />;
}

/**
 * Admin screens: other users go to /dashboard; with REQUIRE_2FA_FOR_ADMINS,
 * an admin without two-factor sign-in goes to Settings to turn it on first.
 * Nested inside <RequireAuth>.
 */
export function RequireAdmin() {
  const { user } = useSession();
  const config = useAppConfig();
  const required = config.data?.require_2fa_for_admins === true;
  const account = useAccount({ enabled: required && user?.is_admin === true });
  if (!user?.is_admin) return <Navigate to="/dashboard" replace />;
  if (config.isPending || (required && account.isPending)) return <LoadingState label="Loading..." />;
  if (required && account.data?.two_factor_enabled !== true) return <Navigate to="/settings#two-factor" replace />;
  return <Outlet />;
}

/** Login and registration: a signed-in user goes to the page `next` names, else /dashboard. */
export function AnonymousOnly() {
  const { status } = useSession();
  const target = useReturnTarget();
  return status === 'authenticated' ? <Navigate to={target ?? '/dashboard'} replace /> : <Outlet />;
}
