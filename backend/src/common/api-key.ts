import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiSecurity, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { AuthenticatedUser } from './current-user';

/**
 * API keys for integrators: `vk_live_<prefix>_<secret>`, sent as `Authorization: Bearer vk_live_…`. The prefix
 * (hex, so it never holds the `_` separator) finds the key; the secret (32 random bytes, base64url) is checked
 * against its stored SHA-256 in constant time.
 */
export const API_KEY_MARK = 'vk_live_';

/**
 * What a key may be given; each scoped route declares one with @ApiKeyScope: admin routes, and the site statistics
 * (`stats:read`: a site's audience and uptime, read as the key's creator, an admin).
 */
export const API_KEY_SCOPES = ['sites:read', 'sites:write', 'clients:read', 'invoices:read', 'quotes:read', 'stats:read'] as const;
export type ApiKeyScopeName = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_KEY = 'access:api-key-scope';
/** The OpenAPI extension naming an operation's scope (`x-required-scope: sites:read`). */
export const REQUIRED_SCOPE_EXTENSION = 'x-required-scope';
/** The OpenAPI security scheme of API keys (a bearer scheme beside the sessions' `bearer`). */
export const API_KEY_SECURITY = 'apiKey';

/**
 * Opens an admin route to the API keys holding `scope` (the session's admin token still works). A route without it is
 * never reached by a key (deny by default): auth routes, key management, client routes, every admin route not listed.
 */
export function ApiKeyScope(scope: ApiKeyScopeName): MethodDecorator {
  return applyDecorators(
    SetMetadata(API_KEY_SCOPE_KEY, scope),
    ApiExtension(REQUIRED_SCOPE_EXTENSION, scope),
    // Either a session's token or a key (two alternatives of the operation's security); the scope it needs is said by
    // `x-required-scope` (OpenAPI 3.0 allows scope lists only for OAuth2 and OpenID schemes).
    ApiSecurity('bearer'),
    ApiSecurity(API_KEY_SECURITY),
    ApiTooManyRequestsResponse({ description: "Trop de requêtes avec cette clé d'API" }),
  );
}

/** The key's part of the answer to a request made with it. */
export interface ApiKeyCaller {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScopeName[];
}

/** Checks a key sent by a caller; provided by the api-keys module, used by the global guard. */
export interface ApiKeyVerifier {
  /** The request's caller (the key's creator, with `apiKey` set); a 401 for an unknown, revoked or expired key. */
  verify(token: string): Promise<AuthenticatedUser & { apiKey: ApiKeyCaller }>;
  /** Counts one request of the key; a 429 over its limit. */
  consume(keyId: string): Promise<void>;
  /** A request accepted with the key (valid, within its rate, holding the route's scope): its use count, in memory. */
  used(keyId: string): void;
}
export const API_KEY_VERIFIER = Symbol('API_KEY_VERIFIER');

/** The key in an `Authorization: Bearer vk_live_…` header, or undefined when the header carries something else. */
export function apiKeyOf(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(vk_live_\S*)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/** A key split into its prefix and secret; null when it is not shaped like one. */
export function splitApiKey(key: string): { prefix: string; secret: string } | null {
  const match = /^vk_live_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/.exec(key);
  return match ? { prefix: match[1], secret: match[2] } : null;
}
