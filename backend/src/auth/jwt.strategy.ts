import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { createSecretKey } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AccessTokenVerifier } from '../common/access-token';
import type { AuthenticatedUser } from '../common/current-user';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ClientViewService } from './client-view.service';
import { type AccessTokenPayload, JWT_AUDIENCE, JWT_ISSUER, SessionService } from './session.service';

/** passport-jwt's verifier (`Strategy.JwtVerifier`, jsonwebtoken's verify), which its typings do not declare. */
/** What passport-jwt's Strategy gives jsonwebtoken's verify (its `_verifOpts`). */
interface VerifyOptions {
  audience: string;
  issuer: string;
  algorithms: string[];
  ignoreExpiration: boolean;
}

const jwtVerifier = (Strategy as unknown as { JwtVerifier: (token: string, key: Buffer, options: VerifyOptions) => unknown }).JwtVerifier;

/** passport-jwt's options for our access tokens, made once. */
function accessTokenOptions(config: AppConfig) {
  return {
    jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
    // A key object, made once: given the secret as a string, jsonwebtoken first tries (and fails, with a thrown
    // error) to read it as a PEM public key on every request. jsonwebtoken 9 takes key objects; the typings lag.
    secretOrKey: createSecretKey(Buffer.from(config.jwtSecret)) as unknown as Buffer,
    algorithms: ['HS256' as const],
    issuer: JWT_ISSUER,
    audience: JWT_AUDIENCE,
    ignoreExpiration: false,
  };
}

/**
 * Bearer access tokens: HS256 only (so `alg: none` and key confusion are refused), expiry, issuer and audience checked.
 *
 * The global guard calls `callerOf` directly (docs/decisions/0025-access-guard-without-passport-middleware.md):
 * the same extraction (passport-jwt's ExtractJwt), the same verification (passport-jwt's JwtVerifier, jsonwebtoken's
 * verify, with the options passport-jwt would pass it) and the same `validate`, without passport's per-request
 * machinery (an authenticate middleware, a strategy object and its callbacks made for every request). The class stays
 * a registered passport strategy ('jwt') for whatever would use passport.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') implements AccessTokenVerifier {
  private readonly extract: (request: IncomingMessage) => string | null;
  private readonly key: Buffer;
  private readonly verifyOptions: VerifyOptions;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: SessionService,
    private readonly clientViews: ClientViewService,
  ) {
    const options = accessTokenOptions(config);
    super(options);
    this.extract = options.jwtFromRequest as (request: IncomingMessage) => string | null;
    this.key = options.secretOrKey as Buffer;
    // What passport-jwt's Strategy gives jsonwebtoken (its `_verifOpts`).
    this.verifyOptions = {
      audience: options.audience,
      issuer: options.issuer,
      algorithms: options.algorithms,
      ignoreExpiration: !!options.ignoreExpiration,
    };
  }

  async validate(payload: AccessTokenPayload): Promise<AuthenticatedUser | null> {
    if (typeof payload?.sub !== 'string' || typeof payload?.sid !== 'string') return null;
    // An admin's read-only view of a client's space: the view's row decides (open, unexpired, the admin's session open).
    if (payload.view !== undefined) return this.clientViews.resolve(payload);
    const user = await this.sessions.resolve(payload);
    return user ? { user, sessionId: payload.sid } : null;
  }

  /** The request's caller, or null (no token, a token failing a check, a closed session): AccessTokenVerifier. */
  callerOf(request: { headers: Record<string, string | string[] | undefined> }): Promise<AuthenticatedUser | null> {
    const token = this.extract(request as IncomingMessage);
    if (!token) return Promise.resolve(null);
    let payload: AccessTokenPayload;
    try {
      // Without a callback, passport-jwt's verifier (jsonwebtoken's verify) answers synchronously, or throws.
      payload = jwtVerifier(token, this.key, this.verifyOptions) as AccessTokenPayload;
    } catch {
      return Promise.resolve(null);
    }
    return this.validate(payload);
  }
}
