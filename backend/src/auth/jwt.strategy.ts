import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { createSecretKey } from 'node:crypto';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AuthenticatedUser } from '../common/current-user';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ClientViewService } from './client-view.service';
import { type AccessTokenPayload, JWT_AUDIENCE, JWT_ISSUER, SessionService } from './session.service';

/** Bearer access tokens: HS256 only (so `alg: none` and key confusion are refused), expiry, issuer and audience checked. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: SessionService,
    private readonly clientViews: ClientViewService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A key object, made once: given the secret as a string, jsonwebtoken first tries (and fails, with a thrown
      // error) to read it as a PEM public key on every request. jsonwebtoken 9 takes key objects; the typings lag.
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret)) as unknown as Buffer,
      algorithms: ['HS256'],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  async validate(payload: AccessTokenPayload): Promise<AuthenticatedUser | null> {
    if (typeof payload?.sub !== 'string' || typeof payload?.sid !== 'string') return null;
    // An admin's read-only view of a client's space: the view's row decides (open, unexpired, the admin's session open).
    if (payload.view !== undefined) return this.clientViews.resolve(payload);
    const user = await this.sessions.resolve(payload);
    return user ? { user, sessionId: payload.sid } : null;
  }
}
