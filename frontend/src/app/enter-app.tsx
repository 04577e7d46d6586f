import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { getSession, setSession } from '../api/http';
import { appElement, loadMatchedRoutes } from './boot';
import type { EnterApp } from './public/handover';
import { routes } from './router';

/**
 * The way from a prerendered public page's light entry (app/public) into the whole app, loaded only then (a link to
 * the sign-in page, the order, a signed-in area): the app's code and the page at `pathname` are loaded first, while the
 * public page stays on screen, and the visitor's session is taken over (no second refresh, no header changing back
 * and forth); the returned function then renders the app, at the browser's address by then, in one go (no blank frame
 * between the two).
 */
export const enterApp: EnterApp = async (pathname, session) => {
  if (session && !getSession()) setSession(session);
  await loadMatchedRoutes(routes, pathname);
  return (container) => {
    const root = createRoot(container);
    flushSync(() => root.render(appElement()));
  };
};
