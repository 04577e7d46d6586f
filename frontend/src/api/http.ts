/**
 * The one fetch mutator used by every Orval-generated call.
 *
 * - prefixes the configurable API base URL (VITE_API_URL, '' = same origin);
 * - adds `Authorization: Bearer <access token>` from memory (never from localStorage);
 * - on a 401, refreshes the session once (the refresh token travels in the httpOnly cookie) and retries;
 *   concurrent 401s share a single refresh call; no refresh is attempted without the session companion cookie;
 * - throws an ApiError carrying the HTTP status and the { message, errors } body.
 *
 * It also holds the in-memory session, so the auth provider and the mutator see the same token.
 */
import type { ErrorResponseDto, SessionResponseDto, UserResponseDto } from './generated/model';

import { API_BASE_URL, clearSessionHint, hasSessionHint } from './session-hint';

export { API_BASE_URL };

const NETWORK_ERROR_MESSAGE = 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.';

/** Error thrown for every failed call: `status` 0 means the server could not be reached. */
export class ApiError<TBody = ErrorResponseDto> extends Error {
  readonly status: number;
  readonly body: TBody | undefined;
  /** Per-field French messages, e.g. { email: "Format d'email invalide" }. */
  readonly fieldErrors: Record<string, string>;

  constructor(status: number, body: TBody | undefined, fallbackMessage = 'Une erreur est survenue.') {
    const data = (body ?? {}) as Partial<ErrorResponseDto>;
    super(typeof data.message === 'string' && data.message ? data.message : fallbackMessage);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.fieldErrors = data.errors && typeof data.errors === 'object' ? { ...data.errors } : {};
  }
}

/** Orval picks this up as the error type of every generated hook. */
export type ErrorType<TBody> = ApiError<TBody>;

export function isApiError(error: unknown): error is ApiError<unknown> {
  return error instanceof ApiError;
}

// ---------------------------------------------------------------------------------------------------------------
// In-memory session store
// ---------------------------------------------------------------------------------------------------------------

type SessionListener = () => void;

let currentSession: SessionResponseDto | null = null;
const listeners = new Set<SessionListener>();

export function getSession(): SessionResponseDto | null {
  return currentSession;
}

/** The token calls carry: a client view's while an admin reads a client's space, else the session's. */
export function getAccessToken(): string | null {
  return currentClientView?.accessToken ?? currentSession?.access_token ?? null;
}

/** Replace (or clear, with null) the in-memory session and notify subscribers. */
export function setSession(session: SessionResponseDto | null): void {
  // A client view rides on the admin's session: it ends with it, or when someone else signs in.
  if (currentClientView && (!session || session.user.id !== currentSession?.user.id)) {
    lastClientViewEnd = { view: currentClientView, reason: 'expired' };
    currentClientView = null;
  }
  currentSession = session;
  for (const listener of listeners) listener();
}

// ---------------------------------------------------------------------------------------------------------------
// Client view: an admin reading a client's space, read only ('Voir comme le client')
// ---------------------------------------------------------------------------------------------------------------

/** The view an admin opened: its token (30 minutes at most, no refresh) and the client it reads as. In memory only. */
export interface ClientViewState {
  viewId: string;
  accessToken: string;
  expiresAt: string;
  client: UserResponseDto;
}

/** Why the last view ended: left by the admin, or refused by the server (expired, or the admin's session ended). */
export type ClientViewEnd = 'left' | 'expired';

let currentClientView: ClientViewState | null = null;
let lastClientViewEnd: { view: ClientViewState; reason: ClientViewEnd } | null = null;

export function getClientView(): ClientViewState | null {
  return currentClientView;
}

/** How the previous view ended, once it has (null while one is open or none ever was). */
export function getClientViewEnd(): { view: ClientViewState; reason: ClientViewEnd } | null {
  return lastClientViewEnd;
}

/** Opens (or, with null, leaves) a client view; subscribers of the session hear it. */
export function setClientView(view: ClientViewState | null, reason: ClientViewEnd = 'left'): void {
  if (!view && currentClientView) lastClientViewEnd = { view: currentClientView, reason };
  if (view) lastClientViewEnd = null;
  currentClientView = view;
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: SessionListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Session companion cookie
// ---------------------------------------------------------------------------------------------------------------

export { clearSessionHint, hasSessionHint, SESSION_HINT_COOKIE } from './session-hint';

// ---------------------------------------------------------------------------------------------------------------
// Refresh (single flight)
// ---------------------------------------------------------------------------------------------------------------

let refreshInFlight: Promise<SessionResponseDto | null> | null = null;

/**
 * The refresh call the page's inline loader started while the JavaScript downloaded (backend
 * public-pages/inline-assets.ts, EARLY_REFRESH): taken once, by the first refresh. Null inside when the network failed.
 */
function takeEarlyRefresh(): Promise<Response | null> | undefined {
  if (typeof window === 'undefined') return undefined;
  const holder = window as unknown as { __vitrineRefresh?: Promise<Response | null> };
  const early = holder.__vitrineRefresh;
  delete holder.__vitrineRefresh;
  return early;
}

async function callRefresh(early?: Promise<Response | null>): Promise<SessionResponseDto | null> {
  let res: Response | null;
  try {
    res =
      (await early) ??
      (await fetch(`${API_BASE_URL}/api/auth/refresh`, {
        method: 'POST',
        credentials: 'include',
        headers: { Accept: 'application/json' },
      }));
  } catch {
    // Network failure: keep whatever session we have, the next check will try again.
    return null;
  }
  if (!res.ok) {
    // Refused (expired, revoked…): no session to restore any more. A server error keeps the hint for a later try.
    if (res.status < 500) clearSessionHint();
    setSession(null);
    return null;
  }
  const session = (await res.json()) as SessionResponseDto;
  setSession(session);
  return session;
}

/**
 * Exchange the refresh cookie for a new session. Concurrent callers share one request (refresh tokens are
 * single-use: two parallel calls with the same cookie would look like a replay to the server). Across tabs the
 * Web Locks API, where available, serialises refreshes so the second tab sends the already-rotated cookie.
 */
export function refreshSession(): Promise<SessionResponseDto | null> {
  if (!hasSessionHint()) {
    // No refresh cookie (never signed in, signed out, or expired): nothing to ask the server.
    if (currentSession) setSession(null);
    return Promise.resolve(null);
  }
  if (!refreshInFlight) {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    // The page's early call was made under the lock already.
    const early = takeEarlyRefresh();
    const run = async (): Promise<SessionResponseDto | null> =>
      early ? await callRefresh(early) : locks ? await locks.request('vitrine-auth-refresh', () => callRefresh()) : await callRefresh();
    const flight = run().finally(() => {
      refreshInFlight = null;
    });
    refreshInFlight = flight;
    return flight;
  }
  return refreshInFlight;
}

/**
 * Back to what a page load starts from: no session, no client view (nor how the last one ended), no refresh in
 * flight. Test files share this module (vite.config.ts, isolate: false) and call it between cases.
 */
export function resetApiState(): void {
  setClientView(null);
  setSession(null);
  lastClientViewEnd = null;
  refreshInFlight = null;
}

// ---------------------------------------------------------------------------------------------------------------
// The mutator
// ---------------------------------------------------------------------------------------------------------------

/** Calls that must never trigger a refresh-and-retry (their 401 means what it says). */
const NO_REFRESH = /^\/api\/auth\/(login|register|refresh|first-login|logout)$/;

/** Bodies read as text; any other type (a CSV export, an image…) comes back as a Blob, ready to save. */
const TEXT_TYPE = /json|^text\/(plain|html)/;

/** No content is null (a query may answer 'nothing', e.g. no order draft yet: TanStack Query refuses undefined data). */
async function parseBody(res: Response): Promise<unknown> {
  if ([204, 205, 304].includes(res.status)) return null;
  const type = res.headers.get('content-type') ?? '';
  if (res.ok && type && !TEXT_TYPE.test(type)) return res.blob();
  const text = await res.text();
  if (!text) return null;
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export const customFetch = async <T>(url: string, options: RequestInit = {}): Promise<T> => {
  const path = url.split('?')[0];

  const send = async (token: string | null): Promise<Response> => {
    const headers = new Headers(options.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    if (token) headers.set('Authorization', `Bearer ${token}`);
    else headers.delete('Authorization');
    try {
      return await fetch(`${API_BASE_URL}${url}`, { ...options, headers, credentials: 'include' });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError<undefined>(0, undefined, NETWORK_ERROR_MESSAGE);
    }
  };

  const usedToken = getAccessToken();
  let res = await send(usedToken);

  if (res.status === 401 && currentClientView && usedToken === currentClientView.accessToken) {
    // A client view has no refresh: refused, it is over (expired, or the admin signed out elsewhere). Never retried
    // with the admin's own token, which would show the admin's data in the client's pages.
    setClientView(null, 'expired');
  } else if (res.status === 401 && !NO_REFRESH.test(path)) {
    // Another call may already have refreshed while this one was in flight: reuse its token.
    const current = getAccessToken();
    const freshToken = current && current !== usedToken ? current : ((await refreshSession())?.access_token ?? null);
    if (freshToken) res = await send(freshToken);
  }

  const body = await parseBody(res);
  if (!res.ok) throw new ApiError(res.status, body as ErrorResponseDto | undefined);
  return body as T;
};

// ---------------------------------------------------------------------------------------------------------------
// Uploads with progress
// ---------------------------------------------------------------------------------------------------------------

export interface UploadOptions {
  /** Called with the part sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function parseXhrBody(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text) return undefined;
  if ((xhr.getResponseHeader('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function sendUpload(
  url: string,
  body: FormData,
  token: string | null,
  { onProgress, signal }: UploadOptions,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Envoi annulé', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE_URL}${url}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, body: parseXhrBody(xhr) });
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError<undefined>(0, undefined, NETWORK_ERROR_MESSAGE));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('Envoi annulé', 'AbortError'));
    };
    xhr.send(body);
  });
}

/**
 * A multipart upload with its progress (fetch cannot report it): the same base URL, bearer token, refresh on 401 and
 * ApiError as `customFetch`. The URL comes from the generated client (e.g. `getAddOrderPhotoUrl(id)`).
 */
export async function uploadWithProgress<T>(url: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  const usedToken = getAccessToken();
  let res = await sendUpload(url, body, usedToken, options);
  if (res.status === 401) {
    const current = getAccessToken();
    const freshToken = current && current !== usedToken ? current : ((await refreshSession())?.access_token ?? null);
    if (freshToken) {
      options.onProgress?.(0);
      res = await sendUpload(url, body, freshToken, options);
    }
  }
  if (res.status < 200 || res.status >= 300) throw new ApiError(res.status, res.body as ErrorResponseDto | undefined);
  return res.body as T;
}
