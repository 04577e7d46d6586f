import type { AuthenticatedUser } from './current-user';

/**
 * Checks a request's access token for the global guard (AccessGuard): the bearer token of its Authorization header,
 * verified (signature, expiry, issuer, audience) and resolved to its open session. Provided by the auth module (its
 * JwtStrategy, passport-jwt's); common/ imports no module, so the guard knows it by this token.
 */
export interface AccessTokenVerifier {
  /**
   * The caller of a request, or null when it has no bearer token, or a token that fails the checks, or a session that
   * is closed. Rejects only when the check itself could not be made (the database down).
   */
  callerOf(request: { headers: Record<string, string | string[] | undefined> }): Promise<AuthenticatedUser | null>;
}
export const ACCESS_TOKEN_VERIFIER = Symbol('ACCESS_TOKEN_VERIFIER');
