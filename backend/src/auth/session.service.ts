import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { returning } from '../database/returning';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { randomToken, sha256 } from './password';
import { RefreshToken, Session } from './session.entity';
import { User } from './user.entity';

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
}

export const JWT_ISSUER = 'vitrine';
export const JWT_AUDIENCE = 'vitrine-api';

const INVALID_REFRESH = 'Session expirée, veuillez vous reconnecter';

/**
 * Sessions and their refresh tokens. A refresh token is used once: using it rotates it; presenting one that was
 * already used means it leaked, and the whole session (the token family) is revoked.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async start(user: User, manager: EntityManager = this.dataSource.manager): Promise<IssuedSession> {
    const session = await manager.getRepository(Session).save({ userId: user.id, revokedAt: null, revokedReason: null });
    return this.issueTokens(user, session.id, manager);
  }

  /** Exchanges a refresh token for a new pair; a reused, revoked or expired token is a 401. */
  async rotate(refreshToken: string): Promise<{ userId: string; issued: IssuedSession }> {
    const hash = sha256(refreshToken);
    const result = await this.dataSource.transaction(async (manager) => {
      const rows = await returning<{ session_id: string; user_id: string }>(
        manager,
        `UPDATE refresh_tokens rt SET used_at = now()
           FROM sessions s
          WHERE rt.token_hash = $1 AND rt.used_at IS NULL AND rt.expires_at > now()
            AND s.id = rt.session_id AND s.revoked_at IS NULL
        RETURNING rt.session_id, s.user_id`,
        [hash],
      );
      if (rows.length === 0) return null;
      const { session_id: sessionId, user_id: userId } = rows[0];
      const user = await manager.getRepository(User).findOneByOrFail({ id: userId });
      const issued = await this.issueTokens(user, sessionId, manager);
      return { userId, issued };
    });
    if (result) return result;
    // Not usable: if it was a real token already used, someone replayed it — end that session for everyone.
    await this.dataSource.query(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = 'refresh_token_reuse'
        WHERE revoked_at IS NULL AND id = (SELECT session_id FROM refresh_tokens WHERE token_hash = $1 AND used_at IS NOT NULL)`,
      [hash],
    );
    throw new UnauthorizedException(INVALID_REFRESH);
  }

  async revoke(sessionId: string, reason: string): Promise<void> {
    await this.dataSource.getRepository(Session).update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: new Date(), revokedReason: reason });
  }

  async revokeByRefreshToken(refreshToken: string, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = $2
        WHERE revoked_at IS NULL AND id = (SELECT session_id FROM refresh_tokens WHERE token_hash = $1)`,
      [sha256(refreshToken), reason],
    );
  }

  async revokeAllForUser(userId: string, reason: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.getRepository(Session).update({ userId, revokedAt: IsNull() }, { revokedAt: new Date(), revokedReason: reason });
  }

  /** The user behind a verified access token, provided its session is still open. */
  async resolve(payload: AccessTokenPayload): Promise<User | null> {
    return this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .innerJoin(Session, 's', 's.user_id = u.id AND s.id = :sid AND s.revoked_at IS NULL', { sid: payload.sid })
      .where('u.id = :sub', { sub: payload.sub })
      .getOne();
  }

  private async issueTokens(user: Pick<User, 'id' | 'role'>, sessionId: string, manager: EntityManager): Promise<IssuedSession> {
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
    const refreshExpiresAt = new Date(Date.now() + this.config.refreshTokenTtlDays * 86400_000);
    await manager.getRepository(RefreshToken).insert({ sessionId, tokenHash: sha256(refreshToken), expiresAt: refreshExpiresAt, usedAt: null });
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
