import { useEffect, useId, useRef, useState } from 'react';
import { Link, matchPath, NavLink, useLocation, useNavigate } from 'react-router';
import { dashboardPathFor, paths } from '../../config/paths';
import { useAdminMode } from '../../lib/auth/admin-mode';
import { useAuth } from '../../lib/auth/session';
import { cn } from '../../lib/cn';
import { useScrollState } from '../../lib/use-scrolling';
import { buttonClasses } from '../../components/ui/button';
import { ThemeToggle } from '../../components/theme-toggle';
import { adminLinks, adminMoreLinks, clientLinks, publicLinks, visitorLinks, type NavItem } from './nav-links';

export function Logo() {
  return (
    <Link to={paths.home} className="flex items-center gap-2 rounded-lg font-bold tracking-tight" aria-label="Vitrine — accueil">
      <span className="flex size-8 items-center justify-center rounded-lg bg-brand-600 text-white shadow-sm" aria-hidden="true">
        <svg viewBox="0 0 32 32" className="size-5">
          <path d="M9 10l7 13 7-13" fill="none" stroke="currentColor" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <span className="text-lg text-slate-900 dark:text-white">Vitrine</span>
    </Link>
  );
}

function linkClass(active: boolean, compact = false) {
  return cn(
    'rounded-lg font-medium transition-colors',
    compact ? 'px-3 py-1.5 text-sm' : 'px-3 py-2 text-sm',
    active
      ? 'bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-200'
      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  );
}

function NavItemLink({ item, compact, onNavigate }: { item: NavItem; compact?: boolean; onNavigate?: () => void }) {
  return (
    <NavLink to={item.to} end={item.end} onClick={onNavigate} className={({ isActive }) => linkClass(isActive && !item.noActive, compact)}>
      {item.label}
    </NavLink>
  );
}

/**
 * 'Plus' in the admin bar: a button that shows the admin's other pages below it (the disclosure pattern of a site's
 * navigation: a list of links, no menu roles). Escape, a click elsewhere or a page change closes it; the button looks
 * active while one of its pages is shown.
 */
function MoreLinks({ links }: { links: NavItem[] }) {
  const location = useLocation();
  // Open only on the page where it was opened: following one of its links closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? location.pathname : null);
  const listId = useId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const current = links.some((item) => typeof item.to === 'string' && matchPath({ path: item.to, end: false }, location.pathname));

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpenOn(null);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div ref={box} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className={cn(linkClass(current, true), 'inline-flex items-center gap-1')}
      >
        Plus
        <svg viewBox="0 0 20 20" className={cn('size-4 transition-transform', open && 'rotate-180')} fill="currentColor" aria-hidden="true">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute top-full right-0 z-50 mt-2 grid w-60 gap-0.5 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-800 dark:bg-slate-900"
      >
        {links.map((item) => (
          <li key={item.label} className="grid">
            <NavItemLink item={item} compact />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The area links of a signed-in user: admin-mode links for an admin in admin mode, client links otherwise. */
function useAreaLinks(): { title: string; links: NavItem[]; more: NavItem[] } | null {
  const { user } = useAuth();
  const { adminMode } = useAdminMode();
  if (!user) return null;
  return adminMode
    ? { title: 'Administration', links: adminLinks, more: adminMoreLinks }
    : { title: 'Espace client', links: clientLinks, more: [] };
}

export function Header() {
  const { user, status, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // The menu stays open only on the location where it was opened: any navigation closes it.
  const here = `${location.pathname}${location.hash}`;
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === here;
  const setMenuOpen = (open: boolean | ((current: boolean) => boolean)) => {
    const next = typeof open === 'function' ? open(menuOpen) : open;
    setOpenOn(next ? here : null);
  };
  const area = useAreaLinks();
  const inSignedInArea = location.pathname.startsWith('/dashboard') || location.pathname.startsWith('/admin');
  const signedIn = status === 'authenticated' && user !== null;
  // Past 10 px the header lifts off the page with a shadow (spec §10's scroll rule).
  const { scrolled } = useScrollState();

  // Escape closes the mobile menu.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpenOn(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const onLogout = async () => {
    setMenuOpen(false);
    await logout();
    navigate(paths.home);
  };

  const dashboardTo = dashboardPathFor(user?.role);

  return (
    <header
      data-scrolled={scrolled || undefined}
      className={cn(
        'fixed inset-x-0 top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur-md transition-shadow dark:border-slate-800/80 dark:bg-slate-950/85',
        scrolled && 'shadow-md shadow-slate-900/5 dark:shadow-black/30',
      )}
    >
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />

        <nav aria-label="Navigation principale" className="hidden items-center gap-1 lg:flex">
          {publicLinks.map((item) => (
            <NavItemLink key={item.label} item={item} />
          ))}
          {!signedIn ? visitorLinks.map((item) => <NavItemLink key={item.label} item={item} />) : null}
        </nav>

        <div className="flex items-center gap-2">
          <ThemeToggle />
          <div className="hidden items-center gap-2 lg:flex">
            {signedIn ? (
              <>
                <Link to={dashboardTo} className={buttonClasses('primary', 'sm')}>
                  Tableau de bord
                </Link>
                <button type="button" onClick={onLogout} className={buttonClasses('secondary', 'sm')}>
                  Se déconnecter
                </button>
              </>
            ) : (
              // Also while the session is being restored: the link is in the server's HTML (spec §1, Connexion signed
              // out only), and gives way to the dashboard's once a session is found.
              <Link to={paths.login} className={buttonClasses('primary', 'sm')}>
                Connexion
              </Link>
            )}
          </div>
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              {menuOpen ? (
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
              )}
            </svg>
          </button>
        </div>
      </div>

      {signedIn && area && inSignedInArea ? (
        <div className="hidden border-t border-slate-200/80 lg:block dark:border-slate-800/80">
          <nav aria-label={area.title} className="mx-auto flex h-12 w-full max-w-6xl items-center gap-1 px-4 sm:px-6 lg:px-8">
            <span className="mr-2 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">{area.title}</span>
            {area.links.map((item) => (
              <NavItemLink key={item.label} item={item} compact />
            ))}
            {area.more.length ? <MoreLinks links={area.more} /> : null}
          </nav>
        </div>
      ) : null}

      <div
        id="mobile-menu"
        hidden={!menuOpen}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 pt-3 pb-6 shadow-lg lg:hidden dark:border-slate-800 dark:bg-slate-950"
      >
        <nav aria-label="Menu mobile" className="flex flex-col gap-1">
          {publicLinks.map((item) => (
            <NavItemLink key={item.label} item={item} onNavigate={() => setMenuOpen(false)} />
          ))}
          {!signedIn
            ? visitorLinks.map((item) => <NavItemLink key={item.label} item={item} onNavigate={() => setMenuOpen(false)} />)
            : null}
          {signedIn && area ? (
            <>
              <p className="mt-4 mb-1 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
                {area.title}
              </p>
              {[...area.links, ...area.more].map((item) => (
                <NavItemLink key={item.label} item={item} onNavigate={() => setMenuOpen(false)} />
              ))}
            </>
          ) : null}
          <div className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
            {signedIn ? (
              <>
                <Link to={dashboardTo} onClick={() => setMenuOpen(false)} className={buttonClasses('primary', 'md', 'w-full')}>
                  Tableau de bord
                </Link>
                <button type="button" onClick={onLogout} className={buttonClasses('secondary', 'md', 'w-full')}>
                  Se déconnecter
                </button>
              </>
            ) : (
              <Link to={paths.login} onClick={() => setMenuOpen(false)} className={buttonClasses('primary', 'md', 'w-full')}>
                Connexion
              </Link>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}

/** Height reserved under the fixed header (taller when the area links row shows). */
export function useHeaderOffsetClass(): string {
  const { status } = useAuth();
  const location = useLocation();
  const inSignedInArea = location.pathname.startsWith('/dashboard') || location.pathname.startsWith('/admin');
  return status === 'authenticated' && inSignedInArea ? 'pt-16 lg:pt-28' : 'pt-16';
}
