import type { Location } from 'react-router';
import { paths } from '../../config/paths';

/** What /login remembers about the page of origin. */
export interface LoginRedirectState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** The path to come back to after sign-in: the remembered origin, else /dashboard. */
export function redirectTargetFrom(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  if (!from?.pathname || from.pathname === paths.login || from.pathname === paths.register) return paths.dashboard.root;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
