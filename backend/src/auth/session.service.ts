import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { EntityManager } from 'typeorm';
import type { SessionUser } from '../common/current-user';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Transactions } from '../database/transactions';
import { randomToken, sha256 } from './password';
import { SessionsRepository } from './sessions.repository';

export interface IssuedSession {
  sessionId: string;
  accessToken: string;
  expiresIn: number;
  expiresAt: number;
  refreshToken: string;
  refreshExpiresAt: Date;
}

export interface AccessTokenPayload {
  sub: string;
  sid: string;
  role: string;
  /** A client-view token only: the client_views row, and the admin acting (RFC 8693's `act`) */
  view?: string;
  act?: { sub: string };
}

export const JWT_ISSUER = 'vitrine';
export const JWT_AUDIENCE = 'vitrine-api';

const INVALID_REFRESH = 'Session expirée, veuillez vous reconnecter';

/**
 * How long a refresh token just exchanged may be exchanged again by a client that never got the answer (a page reloaded
 * or left while its refresh was in flight: the server rotated the token, the browser kept the old cookie), provided no
 * newer token of its session was used since. Outside it, or after a newer token was used, a used token is a replay.
 * Okta's refresh-token grace period and Auth0's reuse interval are the same idea.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 15;

/**
 * Sessions and their refresh tokens. A refresh token is used once: using it rotates it; presenting one that was
 * already used means it leaked, and the whole session (the token family) is revoked — unless it was exchanged a few
 * seconds ago and nothing newer of its session was used since (REFRESH_REUSE_GRACE_SECONDS).
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly transactions: Transactions,
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async start(user: Pick<SessionUser, 'id' | 'role'>, tx?: EntityManager): Promise<IssuedSession> {
    const sessionId = await this.sessions.create(user.id, tx);
    return this.issueTokens(user, sessionId, new Date(), tx);
  }

  /**
   * Exchanges a refresh token for a new pair; a reused, revoked or expired token is a 401, and so is any token of a
   * session opened more than SESSION_MAX_DAYS ago: rotation never extends a session past that.
   */
  async rotate(refreshToken: string): Promise<{ user: SessionUser; issued: IssuedSession }> {
    const hash = sha256(refreshToken);
    const result = await this.transactions.run(async (tx) => {
      const used =
        (await this.sessions.useRefreshToken(hash, this.config.sessionMaxDays, tx)) ??
        (await this.sessions.findJustRotatedToken(hash, REFRESH_REUSE_GRACE_SECONDS, this.config.sessionMaxDays, tx));
      const user = used ? await this.sessions.findUserOfOpenSession(used.userId, used.sessionId, tx) : null;
      if (!used || !user) return null;
      return { user, issued: await this.issueTokens(user, used.sessionId, used.startedAt, tx) };
    });
    if (result) return result;
    // Not usable: if it was a real token already used, someone replayed it — end that session for everyone.
    await this.sessions.revokeIfTokenReused(hash);
    throw new UnauthorizedException(INVALID_REFRESH);
  }

  revoke(sessionId: string, reason: string): Promise<void> {
    return this.sessions.revoke(sessionId, reason);
  }

  revokeByRefreshToken(refreshToken: string, reason: string): Promise<void> {
    return this.sessions.revokeByTokenHash(sha256(refreshToken), reason);
  }

  revokeAllForUser(userId: string, reason: string, tx?: EntityManager): Promise<void> {
    return this.sessions.revokeAllForUser(userId, reason, tx);
  }

  /** The user behind a verified access token, provided its session is still open. */
  resolve(payload: AccessTokenPayload): Promise<SessionUser | null> {
    return this.sessions.findUserOfOpenSession(payload.sub, payload.sid);
  }

  /** `startedAt`: when the session was opened; its refresh token never outlives SESSION_MAX_DAYS from then. */
  private async issueTokens(
    user: Pick<SessionUser, 'id' | 'role'>,
    sessionId: string,
    startedAt: Date,
    tx?: EntityManager,
  ): Promise<IssuedSession> {
    const expiresIn = this.config.accessTokenTtlSeconds;
    const payload: AccessTokenPayload = { sub: user.id, sid: sessionId, role: user.role };
    const accessToken = await this.jwt.signAsync(payload, {
      secret: this.config.jwtSecret,
      algorithm: 'HS256',
      expiresIn,
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
    });
    const refreshToken = randomToken();
    const refreshExpiresAt = new Date(
      Math.min(Date.now() + this.config.refreshTokenTtlDays * 86400_000, startedAt.getTime() + this.config.sessionMaxDays * 86400_000),
    );
    await this.sessions.addRefreshToken(sessionId, sha256(refreshToken), refreshExpiresAt, tx);
    return {
      sessionId,
      accessToken,
      expiresIn,
      expiresAt: Math.floor(Date.now() / 1000) + expiresIn,
      refreshToken,
      refreshExpiresAt,
    };
  }
}
