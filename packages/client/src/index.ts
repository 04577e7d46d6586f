import * as operations from './generated/index.js';
import { CLIENT_SETTINGS, type ClientSettings, type VitrineRequestInit } from './http.js';

export { VitrineApiError, type VitrineRequestInit } from './http.js';
export type * from './generated/model/index.js';

export interface ClientOptions {
  /** The app's address: `https://app.example.fr` (the paths, `/api/…`, are added to it) */
  baseUrl: string | URL;
  /** An integrator's API key (`vk_live_…`), made on Administration → Intégrations; or else `token` */
  apiKey?: string;
  /** A session's access token (`POST /api/auth/login`), or a function giving the current one before each request */
  token?: string | (() => string | undefined | Promise<string | undefined>);
  /** Another fetch (a proxy's, a test's); the platform's by default (Node ≥ 18, browsers) */
  fetch?: typeof fetch;
  /** Headers sent with every request (a `User-Agent` naming your tool, for instance) */
  headers?: Record<string, string>;
}

type Operations = typeof operations;
type AnyOperation = (...args: never[]) => Promise<unknown>;

/**
 * Every operation of the API (openapi.yaml's operation ids: `listAdminSites`, `getAdminSite`, `updateAdminSite`…), typed
 * from the contract: its parameters, body and answer. Each resolves with the answer's body and rejects with a
 * VitrineApiError for any status other than 2xx. Their last argument is the request's options (`signal`, `headers`).
 */
export type VitrineClient = {
  [K in keyof Operations as K extends `get${string}Url` ? never : Operations[K] extends AnyOperation ? K : never]: Operations[K];
};

/** `getListAdminSitesUrl`…: the generated URL builders, not operations. */
const isUrlBuilder = (name: string) => /^get[A-Z].*Url$/.test(name);

/**
 * A client of the API for one base URL and one credential (`Authorization: Bearer <apiKey | token>`):
 *
 * ```ts
 * const vitrine = createClient({ baseUrl: 'https://app.example.fr', apiKey: process.env.VITRINE_API_KEY });
 * const { sites, total } = await vitrine.listAdminSites({ status: 'active', limit: 50 });
 * ```
 */
export function createClient(options: ClientOptions): VitrineClient {
  const baseUrl = String(options.baseUrl ?? '').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]/i.test(baseUrl))
    throw new TypeError('createClient : baseUrl doit être une adresse http(s), par exemple https://app.example.fr');
  if (options.apiKey !== undefined && options.token !== undefined) throw new TypeError('createClient : apiKey ou token, pas les deux');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') throw new TypeError('createClient : aucun fetch disponible (Node ≥ 18, ou passez-en un)');
  const { apiKey, token } = options;
  const settings: ClientSettings = {
    baseUrl,
    credential: typeof token === 'function' ? token : () => apiKey ?? token,
    // Called as a plain function: a browser's fetch refuses to run with another `this`.
    fetch: (input, init) => fetchImpl(input, init),
    headers: { ...options.headers },
  };
  const client: Record<string, unknown> = {};
  for (const [name, operation] of Object.entries(operations)) {
    if (typeof operation !== 'function' || isUrlBuilder(name)) continue;
    // Each generated operation declares its request options last: the client's settings go there, whichever of the
    // optional arguments before them the caller left out.
    const arity = operation.length;
    client[name] = (...args: unknown[]) => {
      const given = args.slice(0, arity - 1);
      given.length = arity - 1;
      const init = args[arity - 1] as VitrineRequestInit | undefined;
      return (operation as (...a: unknown[]) => Promise<unknown>)(...given, { ...init, [CLIENT_SETTINGS]: settings });
    };
  }
  return client as VitrineClient;
}
