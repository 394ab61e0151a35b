import { Navigate, Outlet } from 'react-router';
import { useAccount } from '../api/account';
import { useAppConfig } from '../api/auth';
import { LoadingState } from '../components/ui/LoadingState';
import { useSession } from './context';

/** Signed-in screens: anonymous visitors go to /login. */
export function RequireAuth() {
  const { status } = useSession();
  return status === 'authenticated' ? <Outlet /> : <Navigate to="/login" replace />;
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

/** Login and registration: a signed-in user goes to /dashboard. */
export function AnonymousOnly() {
  const { status } = useSession();
  return status === 'authenticated' ? <Navigate to="/dashboard" replace /> : <Outlet />;
}
