// The public build's lib/auth/admin-mode.tsx (vite.config.ts, KEPT). Admin mode is an admin's: a visitor who never
// signed in (no session cookie, api/session-hint.ts) has it off without its code. Anyone else gets the real one,
// loaded before the page hydrates, as the session is (./session.tsx).
import { createContext, type ReactNode, use, useState } from 'react';
import { hasSessionHint } from '../../../api/session-hint';
import { settled } from '../kept';

type AdminMode = typeof import('../../../lib/auth/admin-mode');
type AdminModeValue = ReturnType<AdminMode['useAdminMode']>;
let loading: Promise<AdminMode> | null = null;
const load = () => (loading ??= settled(import('../../../lib/auth/admin-mode')));

const OFF: AdminModeValue = { adminMode: false, setAdminMode: () => undefined };
const Mode = createContext<AdminModeValue>(OFF);

export function AdminModeProvider({ children }: { children: ReactNode }) {
  const [withSession] = useState(hasSessionHint);
  if (!withSession) return children;
  const real = use(load());
  return (
    <real.AdminModeProvider>
      <Relay useRealAdminMode={real.useAdminMode}>{children}</Relay>
    </real.AdminModeProvider>
  );
}

function Relay({ useRealAdminMode, children }: { useRealAdminMode: () => AdminModeValue; children: ReactNode }) {
  return <Mode value={useRealAdminMode()}>{children}</Mode>;
}

export function useAdminMode(): AdminModeValue {
  return use(Mode);
}
