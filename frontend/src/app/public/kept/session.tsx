// The public build's lib/auth/session.tsx (vite.config.ts, KEPT). A visitor who never signed in (no session cookie,
// api/session-hint.ts) is anonymous without the session's code: the API client, the refresh, the query cache's
// link. Anyone else gets the real session, its code loaded before the page hydrates (the first render waits for it).
import { createContext, type ReactNode, use, useEffect, useMemo, useState } from 'react';
import { hasSessionHint } from '../../../api/session-hint';
import { settled } from '../kept';
import type { AuthContextValue } from '../../../lib/auth/session';

type Session = typeof import('../../../lib/auth/session');
let loading: Promise<Session> | null = null;
const load = () => (loading ??= settled(import('../../../lib/auth/session')));

const Auth = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  // Decided once: a session can only start in the app (its sign-in pages), which this page hands over to.
  const [withSession] = useState(hasSessionHint);
  if (!withSession) return <Anonymous>{children}</Anonymous>;
  const real = use(load());
  return (
    <real.AuthProvider>
      <Relay useRealAuth={real.useAuth}>{children}</Relay>
    </real.AuthProvider>
  );
}

function Relay({ useRealAuth, children }: { useRealAuth: () => AuthContextValue; children: ReactNode }) {
  return <Auth value={useRealAuth()}>{children}</Auth>;
}

const nothing = () => undefined;
const nothingAsync = async () => undefined;

/** The real provider's value for a visitor without a session: 'loading' at first (the server's), then 'anonymous'. */
function Anonymous({ children }: { children: ReactNode }) {
  const [restored, setRestored] = useState(false);
  // Once mounted, as the real provider once its refresh has answered that there is no session (without asking).
  useEffect(() => {
    let active = true;
    void Promise.resolve().then(() => active && setRestored(true));
    return () => {
      active = false;
    };
  }, []);
  const value = useMemo<AuthContextValue>(
    () => ({
      status: restored ? 'anonymous' : 'loading',
      user: null,
      clientView: null,
      startClientView: nothing,
      leaveClientView: nothingAsync,
      expiresAt: null,
      setSession: nothing,
      updateUser: nothing,
      logout: nothingAsync,
    }),
    [restored],
  );
  return <Auth value={value}>{children}</Auth>;
}

export function useAuth(): AuthContextValue {
  const value = use(Auth);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
