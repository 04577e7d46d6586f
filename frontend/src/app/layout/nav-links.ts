import type { To } from 'react-router';
import { type NavPlace, PAGES } from '../../config/pages';
import { paths } from '../../config/paths';

export interface NavItem {
  label: string;
  to: To;
  /** Match the path exactly for the active state (index links). */
  end?: boolean;
  /** Never shown as active (several links share a path). */
  noActive?: boolean;
}

/** The links of the pages placed at `place` in the page table (config/pages.ts), in its order. */
function linksAt(place: NavPlace): NavItem[] {
  return PAGES.filter(({ entry }) => entry.nav?.place === place).map(({ entry, index }) => ({
    label: entry.nav!.label,
    to: entry.path,
    ...(index ? { end: true } : {}),
  }));
}

/** The main bar and the phone menu: the public pages, then the home page's sections. */
export const publicLinks: NavItem[] = [
  ...linksAt('public'),
  { label: 'Prix', to: paths.features, noActive: true },
  { label: 'Portfolio', to: paths.portfolio, noActive: true },
];

/** After them, for visitors who are not signed in. */
export const visitorLinks: NavItem[] = linksAt('visitors');

export const clientLinks: NavItem[] = linksAt('client');

/** The admin bar's own links: the pages an admin opens every day. */
export const adminLinks: NavItem[] = linksAt('admin');

/**
 * The admin's other pages: under 'Plus' in the bar (all of them on one line wrapped their two-word labels at 1440 px),
 * one after the other in the phone menu.
 */
export const adminMoreLinks: NavItem[] = linksAt('admin-more');
