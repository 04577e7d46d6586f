import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../components/ui/card';
import { paths } from '../config/paths';
import { useAdminMode } from '../lib/auth/admin-mode';
import type { LoginRedirectState } from '../lib/auth/redirect';
import { useAuth } from '../lib/auth/session';

/** Signed-in users only: 'Chargement...' while the session loads, else /login remembering the origin. */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'anonymous') {
    const state: LoginRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
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
