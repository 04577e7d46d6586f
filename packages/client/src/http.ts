import type { ErrorResponseDto } from './generated/model/index.js';

/** Where the generated functions find their client's settings (never sent: taken out before the request). */
export const CLIENT_SETTINGS: unique symbol = Symbol('vitrine.client');

/** A client's settings, as createClient resolves them. */
export interface ClientSettings {
  /** The app's origin (and path prefix, if any), without a trailing slash: `https://app.example.fr` */
  baseUrl: string;
  /** The `Authorization: Bearer …` credential of each request: an API key or an access token */
  credential: () => string | undefined | Promise<string | undefined>;
  fetch: typeof fetch;
  /** Sent with every request (a request's own headers win) */
  headers: Record<string, string>;
}

/** The request options every generated function takes last (`signal`, `headers`…). */
export type VitrineRequestInit = RequestInit & { [CLIENT_SETTINGS]?: ClientSettings };

/**
 * What the API answers with a status other than 2xx: `{ statusCode, message, errors?, retryAfter? }`, in French
 * (`errors`: a message per invalid field; `retryAfter`: seconds to wait, on 429 and 503).
 */
export class VitrineApiError extends Error {
  override readonly name = 'VitrineApiError';
  /** The HTTP status: 400 invalid, 401 no or bad credential, 403 not allowed (or not in the key's scopes), 404, 429… */
  readonly status: number;
  /** The answer's body as the API documents it (ErrorResponseDto); a body that is not one is kept in `message` */
  readonly body: ErrorResponseDto;
  /** Seconds to wait before trying again (429, 503): the body's `retryAfter`, or the `Retry-After` header */
  readonly retryAfter: number | undefined;
  readonly response: Response;

  constructor(response: Response, body: unknown) {
    const documented =
      typeof body === 'object' && body !== null && typeof (body as ErrorResponseDto).message === 'string'
        ? (body as ErrorResponseDto)
        : { statusCode: response.status, message: typeof body === 'string' && body ? body : `HTTP ${response.status}` };
    super(documented.message);
    this.status = response.status;
    this.body = documented;
    const header = Number(response.headers.get('retry-after'));
    this.retryAfter = documented.retryAfter ?? (Number.isFinite(header) && header > 0 ? header : undefined);
    this.response = response;
  }

  /** The per-field messages of a 400 (`{ email: "Format d'email invalide" }`), empty otherwise. */
  get fieldErrors(): Record<string, string> {
    return this.body.errors ?? {};
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (/[/+]json\b/i.test(type)) {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  }
  // CSV, PDF, ZIP: the bytes, as the generated functions declare them (Blob).
  return response.ok ? response.blob() : response.text();
}

function headerEntries(init: RequestInit['headers'] | Record<string, string | readonly string[]> | undefined): Array<[string, string]> {
  if (!init) return [];
  if (typeof Headers !== 'undefined' && init instanceof Headers) return [...init.entries()];
  if (Array.isArray(init)) return init.map(([name, value]) => [String(name), String(value)]);
  return Object.entries(init as Record<string, string | readonly string[] | undefined>).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : String(value)] as [string, string]],
  );
}

/**
 * The one function every generated operation calls (Orval's mutator): the client's base URL before the path, its
 * credential as `Authorization: Bearer …`, the JSON answer parsed (the bytes as a Blob for files), and a
 * VitrineApiError for any status other than 2xx.
 */
export async function vitrineFetch<T>(url: string, options: VitrineRequestInit = {}): Promise<T> {
  const { [CLIENT_SETTINGS]: settings, ...init } = options;
  if (!settings) throw new Error('Appelez l’API par createClient({ baseUrl, apiKey | token }) : il donne l’adresse et la clé.');
  const headers = new Headers(settings.headers);
  for (const [name, value] of headerEntries(init.headers)) headers.set(name, value);
  const credential = await settings.credential();
  if (credential && !headers.has('authorization')) headers.set('Authorization', `Bearer ${credential}`);
  const response = await settings.fetch(`${settings.baseUrl}${url}`, { ...init, headers });
  const body = await readBody(response);
  if (!response.ok) throw new VitrineApiError(response, body);
  return body as T;
}
