import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { LoadingScreen } from '../components/ui/card';
import { PageSkeleton } from '../components/ui/page';
import { paths } from '../config/paths';
import { useAdminMode } from '../lib/auth/admin-mode';
import type { LoginRedirectState } from '../lib/auth/redirect';
import { useAuth } from '../lib/auth/session';
import type { PageHandle } from './router';

/**
 * Signed-in users only: while the session loads, the page's known head (its route's `heading`) over 'Chargement...'
 * — what the server's shell shows too — else /login remembering the origin.
 */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <SessionLoading />;
  if (status === 'anonymous') {
    const state: LoginRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}

/**
 * The page's known head over 'Chargement...', or 'Chargement...' alone. A component of its own: useMatches follows the
 * router's state, and RequireAuth must not, or its <Navigate> to /login would navigate again on each state change of
 * that navigation (the lazy sign-in page loading), for ever.
 */
function SessionLoading() {
  const heading = useMatches()
    .map((match) => (match.handle as PageHandle | undefined)?.heading)
    .findLast((found) => found !== undefined);
  return heading ? <PageSkeleton heading={heading} /> : <LoadingScreen />;
}

/**
 * Client pages: clients, and admins who are not in admin mode. An admin in admin mode goes to /admin;
 * a user who is neither client nor admin goes back to the home page (there is no dashboard for them).
 */
export function ClientRoute() {
  const { user } = useAuth();
  const { adminMode } = useAdminMode();
  if (!user) return null;
  if (user.role === 'client') return <Outlet />;
  if (user.role === 'admin') return adminMode ? <Navigate to={paths.admin.root} replace /> : <Outlet />;
  return <Navigate to={paths.home} replace />;
}

/** Admin pages: anyone who is not an admin goes to /dashboard. An admin entering them is in admin mode. */
export function AdminRoute() {
  const { user } = useAuth();
  const { setAdminMode } = useAdminMode();
  const isAdmin = user?.role === 'admin';
  // On entering the admin area only (not on every change), so that switching the mode off from an admin page
  // is not undone while the client page loads.
  useEffect(() => {
    if (isAdmin) setAdminMode(true);
  }, [isAdmin, setAdminMode]);
  if (!user) return null;
  if (user.role !== 'admin') return <Navigate to={paths.dashboard.root} replace />;
  return <Outlet />;
}
