import { useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { logout as logoutCall } from '../../api/generated/auth/auth';
import type { SessionResponseDto, UserResponseDto } from '../../api/generated/model';
import { clearSessionHint, getSession, refreshSession, setSession, subscribeSession } from '../../api/http';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

/** How often the expiry is checked, and how long before expiry the session is refreshed. */
export const SESSION_CHECK_INTERVAL_MS = 30_000;
export const REFRESH_BEFORE_EXPIRY_MS = 60_000;

export interface AuthContextValue {
  status: AuthStatus;
  user: UserResponseDto | null;
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
  const [restored, setRestored] = useState(() => getSession() !== null);
  const queryClient = useQueryClient();

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

  const logout = useCallback(async () => {
    try {
      await logoutCall();
    } catch {
      // The server session may already be gone; forgetting it here is what matters.
    }
    clearSessionHint();
    setSession(null);
    queryClient.clear();
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: session ? 'authenticated' : restored ? 'anonymous' : 'loading',
      user: session?.user ?? null,
      expiresAt,
      setSession: store,
      updateUser,
      logout,
    }),
    [session, restored, expiresAt, store, updateUser, logout],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
