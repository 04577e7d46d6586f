/**
 * What the public pages use of React Router, in a few hundred bytes: the public build (vite.config.ts, PUBLIC_BUILD)
 * gives this module for 'react-router', so that the prerendered pages' entry does not carry the router's own code
 * (about 10 KB gzip of a page that is mostly text). Same markup as React Router's Link and NavLink (a test compares
 * them, light-router.test.tsx), same navigation through the navigator the public app gives (public-app.tsx). The app's
 * build, the server's and the tests use React Router itself.
 */
import { type AnchorHTMLAttributes, createContext, type MouseEvent, type ReactNode, type Ref, use, useCallback } from 'react';
import type { Location, Navigator, NavigateOptions, Path, To } from 'react-router';

export type { Location, Navigator, NavigateOptions, Path, To };

export interface RouterValue {
  location: Location;
  navigator: Navigator;
}

/** The location and the navigator; exported for a section hydrated in a root of its own (kept.tsx, `island`). */
export const RouterContext = createContext<RouterValue | null>(null);

export function Router({ location, navigator, children }: RouterValue & { children?: ReactNode }) {
  return <RouterContext value={{ location, navigator }}>{children}</RouterContext>;
}

function useRouter(): RouterValue {
  const value = use(RouterContext);
  if (!value) throw new Error('Router manquant');
  return value;
}

export function useLocation(): Location {
  return useRouter().location;
}

/** '/a?b#c' from its parts. */
export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  const anchor = hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '';
  return `${pathname}${query}${anchor}`;
}

/** Its parts from '/a?b#c' (only the parts it has). */
export function parsePath(path: string): Partial<Path> {
  const parts: Partial<Path> = {};
  let rest = path;
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    parts.hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    parts.search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  if (rest) parts.pathname = rest;
  return parts;
}

/** `to` as a whole path from `from` (the public pages' links are absolute, or an anchor of the page). */
function resolve(to: To, from: Location): Path {
  const path = typeof to === 'string' ? parsePath(to) : to;
  if (path.pathname === undefined || path.pathname === '') {
    return { pathname: from.pathname, search: path.search ?? (path.hash ? from.search : ''), hash: path.hash ?? '' };
  }
  return { pathname: path.pathname, search: path.search ?? '', hash: path.hash ?? '' };
}

/** React Router's matchPath (its compilePath, case-insensitive), for the patterns of the page table. */
export function matchPath(pattern: { path: string; end?: boolean } | string, pathname: string): { pathname: string } | null {
  const { path, end = true } = typeof pattern === 'string' ? { path: pattern } : pattern;
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)(\?)?/g, (_: string, _name: string, optional?: string) => (optional ? '(?:/([^\\/]+))?' : '/([^\\/]+)'))
      .replace(/\/([\w-]+)\?(\/|$)/g, '(/$1)?$2');
  if (path.endsWith('*')) source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  else if (end) source += '\\/*$';
  else if (path !== '' && path !== '/') source += '(?:(?=\\/|$))';
  const match = new RegExp(source, 'i').exec(pathname);
  return match ? { pathname: match[0] } : null;
}

export function useNavigate(): (to: To | number, options?: NavigateOptions) => void {
  const { location, navigator } = useRouter();
  return useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') return navigator.go(to);
      const path = resolve(to, location);
      const replace = options.replace ?? createPath(path) === createPath(location);
      if (replace) navigator.replace(path, options.state, options);
      else navigator.push(path, options.state, options);
    },
    [location, navigator],
  );
}

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { location, navigator } = useRouter();
  const navigate = useNavigate();
  if (typeof to === 'string' && ABSOLUTE_URL.test(to)) return <a {...rest} href={to} onClick={onClick} target={target} />;
  const path = resolve(to, location);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(path, { replace, state });
  };
  return <a {...rest} href={navigator.createHref(path)} onClick={handleClick} target={target} data-discover="true" />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'children'> {
  end?: boolean;
  className?: string | ((state: { isActive: boolean; isPending: boolean; isTransitioning: boolean }) => string | undefined);
  children?: ReactNode;
}

/** React Router's NavLink: `aria-current="page"` and its class when the address is its page (or below it, without `end`). */
export function NavLink({ to, end = false, className = '', children, ...rest }: NavLinkProps) {
  const { location } = useRouter();
  const target = resolve(to, location).pathname.toLowerCase();
  const here = location.pathname.toLowerCase();
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = here === target || (!end && here.startsWith(target) && here.charAt(slash) === '/');
  const state = { isActive, isPending: false, isTransitioning: false };
  const classes = typeof className === 'function' ? className(state) : [className, isActive ? 'active' : null].filter(Boolean).join(' ');
  return (
    <Link {...rest} to={to} aria-current={isActive ? 'page' : undefined} className={classes}>
      {children}
    </Link>
  );
}
