/**
 * The API's address and the session's companion cookie, apart from the API client (http.ts, which gives them too):
 * the public pages' light entry reads whether a visitor may have a session without loading the client
 * (app/public/kept/session.tsx).
 */

/** The configurable API base URL (VITE_API_URL, '' = same origin). */
export const API_BASE_URL: string = (import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, '');

/**
 * The server sets this readable cookie ('1', path /, same expiry as the httpOnly refresh cookie) with every session
 * and clears it with the refresh cookie. Without it there is no refresh cookie to exchange: a visitor who never
 * signed in makes no refresh call (which would only answer 401).
 */
export const SESSION_HINT_COOKIE = 'vitrine_session';

/** The API's cookies are visible to the page only when the API is on the page's origin. */
function apiSharesOrigin(): boolean {
  if (!API_BASE_URL) return true;
  try {
    return new URL(API_BASE_URL, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Whether a refresh may succeed: the companion cookie is there (or cannot be seen: API on another origin). */
export function hasSessionHint(): boolean {
  if (typeof document === 'undefined' || !apiSharesOrigin()) return true;
  return document.cookie.split(';').some((part) => {
    const [name, value] = part.trim().split('=');
    return name === SESSION_HINT_COOKIE && Boolean(value);
  });
}

/** Forget the companion cookie here too (the server clears it as well when it refuses a refresh or logs out). */
export function clearSessionHint(): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`;
}
