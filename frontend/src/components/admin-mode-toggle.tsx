import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { cn } from '../lib/cn';
import { useAdminMode } from '../lib/auth/admin-mode';
import { useAuth } from '../lib/auth/session';

/**
 * Admins only: switches between admin mode and client mode. Switching on goes to /admin, switching off goes
 * to /dashboard.
 */
export function AdminModeToggle() {
  const { user } = useAuth();
  const { adminMode, setAdminMode } = useAdminMode();
  const navigate = useNavigate();
  if (user?.role !== 'admin') return null;

  const toggle = () => {
    const next = !adminMode;
    setAdminMode(next);
    navigate(next ? paths.admin.root : paths.dashboard.root);
  };

  return (
    <button
      type="button"
      role="switch"
      aria-checked={adminMode}
      onClick={toggle}
      className="inline-flex h-11 items-center gap-3 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
    >
      <span
        aria-hidden="true"
        className={cn('relative h-5 w-9 rounded-full transition-colors', adminMode ? 'bg-brand-600' : 'bg-slate-300 dark:bg-slate-600')}
      >
        <span className={cn('absolute top-0.5 size-4 rounded-full bg-white shadow transition-all', adminMode ? 'left-4.5' : 'left-0.5')} />
      </span>
      Mode administrateur
    </button>
  );
}
