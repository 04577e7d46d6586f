import { QueryClientContext } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { logout as logoutCall } from '../../api/generated/auth/auth';
import type { SessionResponseDto, UserResponseDto } from '../../api/generated/model';
import {
  type ClientViewState,
  clearSessionHint,
  getClientView,
  getSession,
  refreshSession,
  setClientView,
  setSession,
  subscribeSession,
} from '../../api/http';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

/** How often the expiry is checked, and how long before expiry the session is refreshed. */
export const SESSION_CHECK_INTERVAL_MS = 30_000;
export const REFRESH_BEFORE_EXPIRY_MS = 60_000;

export interface AuthContextValue {
  status: AuthStatus;
  /** Who the pages are for: the signed-in user, or the client whose space an admin is viewing */
  user: UserResponseDto | null;
  /** The admin's read-only view of a client's space, while open ('Voir comme le client') */
  clientView: ClientViewState | null;
  /** Opens a client view (the answer of POST /api/admin/users/{id}/client-view): every page then reads as that client. */
  startClientView: (view: ClientViewState) => void;
  /** Leaves the client view: the admin's own session again, the view's end recorded on the server (best effort). */
  leaveClientView: () => Promise<void>;
  /** Access-token expiry, in Unix seconds. */
  expiresAt: number | null;
  /** Store a session answered by login, register, first-login or change-password. */
  setSession: (session: SessionResponseDto) => void;
  /** Replace the signed-in user (after a profile update). */
  updateUser: (user: UserResponseDto) => void;
  /** Close the session on the server (best effort) and forget it here. */
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  const clientView = useSyncExternalStore(subscribeSession, getClientView, getClientView);
  const [restored, setRestored] = useState(() => getSession() !== null);
  // The app's query cache, cleared when the identity changes; a prerendered public page has none (app/public).
  const queryClient = use(QueryClientContext);

  // On load: the access token lives in memory only, so restore the session from the httpOnly refresh cookie
  // (refreshSession asks the server only when the session companion cookie says there is one).
  useEffect(() => {
    if (restored) return;
    let active = true;
    void refreshSession().finally(() => {
      if (active) setRestored(true);
    });
    return () => {
      active = false;
    };
  }, [restored]);

  // Every 30 s, refresh shortly before the access token expires.
  const expiresAt = session?.expires_at ?? null;
  useEffect(() => {
    if (expiresAt === null) return;
    const check = () => {
      if (expiresAt * 1000 - Date.now() <= REFRESH_BEFORE_EXPIRY_MS) void refreshSession();
    };
    check();
    const timer = window.setInterval(check, SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [expiresAt]);

  const store = useCallback((next: SessionResponseDto) => {
    setSession(next);
    setRestored(true);
  }, []);

  const updateUser = useCallback((user: UserResponseDto) => {
    const current = getSession();
    if (current) setSession({ ...current, user });
  }, []);

  // Nothing cached for one identity may show for the other.
  const startClientView = useCallback(
    (view: ClientViewState) => {
      queryClient?.clear();
      setClientView(view);
    },
    [queryClient],
  );

  const leaveClientView = useCallback(async () => {
    const view = getClientView();
    if (!view) return;
    // First back to the admin's own token: ending the view is the admin's call, never the view's (read only).
    setClientView(null, 'left');
    queryClient?.clear();
    try {
      // Loaded on demand: the admin API module stays out of the entry bundle.
      const { endClientView } = await import('../../api/generated/admin/admin');
      await endClientView(view.viewId);
    } catch {
      // Its expiry ends it anyway; the audit log then keeps its start.
    }
  }, [queryClient]);

  const logout = useCallback(async () => {
    // Signing out from a client view leaves it first (its end recorded), then ends the admin's own session.
    if (getClientView()) await leaveClientView();
    try {
      await logoutCall();
    } catch {
      // The server session may already be gone; forgetting it here is what matters.
    }
    clearSessionHint();
    setSession(null);
    queryClient?.clear();
  }, [queryClient, leaveClientView]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: session ? 'authenticated' : restored ? 'anonymous' : 'loading',
      user: session ? (clientView?.client ?? session.user) : null,
      clientView: session ? clientView : null,
      startClientView,
      leaveClientView,
      expiresAt,
      setSession: store,
      updateUser,
      logout,
    }),
    [session, clientView, restored, expiresAt, store, updateUser, logout, startClientView, leaveClientView],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
