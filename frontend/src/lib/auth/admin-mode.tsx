import { createContext, use, useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { storageKeys } from '../../config/paths';
import { useAuth } from './session';

function readFlag(): boolean {
  try {
    return window.localStorage.getItem(storageKeys.adminMode) === '1';
  } catch {
    return false;
  }
}

// The saved flag is an external store: components re-render when it is written.
const flagListeners = new Set<() => void>();
let memoryFlag: boolean | null = null; // used when storage is unavailable

function getFlag(): boolean {
  return memoryFlag ?? readFlag();
}

function writeFlag(on: boolean): void {
  try {
    if (window.localStorage.getItem(storageKeys.adminMode) === (on ? '1' : '0') && memoryFlag === null) return;
    window.localStorage.setItem(storageKeys.adminMode, on ? '1' : '0');
    memoryFlag = null;
  } catch {
    memoryFlag = on; // storage unavailable: the flag lives for this page only
  }
  for (const listener of flagListeners) listener();
}

function subscribeFlag(listener: () => void): () => void {
  flagListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.adminMode) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    flagListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

interface AdminModeContextValue {
  /** True only for an admin whose saved flag is on. */
  adminMode: boolean;
  /** Admins only; ignored for anyone else. */
  setAdminMode: (on: boolean) => void;
}

const AdminModeContext = createContext<AdminModeContextValue | null>(null);

/**
 * Admin mode: a flag saved in localStorage ('1' or '0'), switched by admins only. Whenever a non-admin user is
 * signed in (page load or login), the flag is reset to '0'.
 */
export function AdminModeProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const flag = useSyncExternalStore(subscribeFlag, getFlag, getFlag);
  const isAdmin = user?.role === 'admin';

  useEffect(() => {
    if (user && user.role !== 'admin') writeFlag(false);
  }, [user]);

  const setAdminMode = useCallback(
    (on: boolean) => {
      if (isAdmin) writeFlag(on);
    },
    [isAdmin],
  );

  const value = useMemo(() => ({ adminMode: isAdmin && flag, setAdminMode }), [isAdmin, flag, setAdminMode]);
  return <AdminModeContext value={value}>{children}</AdminModeContext>;
}

export function useAdminMode(): AdminModeContextValue {
  const value = use(AdminModeContext);
  if (!value) throw new Error('useAdminMode must be used inside <AdminModeProvider>');
  return value;
}
