import { Navigate, Outlet } from 'react-router';
import { useSession } from './context';

/** Signed-in screens: anonymous visitors go to /login. */
export function RequireAuth() {
  const { status } = useSession();
  return status === 'authenticated' ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Admin screens: other users go to /dashboard. Nested inside <RequireAuth>. */
export function RequireAdmin() {
  const { user } = useSession();
  return user?.is_admin ? <Outlet /> : <Navigate to="/dashboard" replace />;
}

/** Login and registration: a signed-in user goes to /dashboard. */
export function AnonymousOnly() {
  const { status } = useSession();
  return status === 'authenticated' ? <Navigate to="/dashboard" replace /> : <Outlet />;
}
