import { BadRequestException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { ChangePasswordDto, FirstLoginDto, LoginDto, RegisterDto, SessionResponseDto, UpdateMeDto, UserResponseDto } from './dto/auth.dto';
import { LoginThrottleService } from './login-throttle.service';
import { OneTimeTokenService } from './one-time-token.service';
import { hashPassword, verifyPassword } from './password';
import { type IssuedSession, SessionService } from './session.service';
import type { User } from './user.entity';
import { toUserResponse } from './user.mapper';
import { UsersService } from './users.service';

export const BAD_CREDENTIALS = 'Email ou mot de passe incorrect';

export interface SessionResult {
  body: SessionResponseDto;
  refreshExpiresAt: Date;
}

@Injectable()
export class AuthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly oneTimeTokens: OneTimeTokenService,
    private readonly throttle: LoginThrottleService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Self-service sign-up: always a client, whatever the body says (unknown fields are refused before this). */
  async register(dto: RegisterDto): Promise<SessionResult> {
    const passwordHash = await hashPassword(dto.password);
    return this.dataSource.transaction(async (manager) => {
      const user = await this.users.create({ email: dto.email, name: dto.name, role: 'client', passwordHash }, manager);
      return this.toResult(user, await this.sessions.start(user, manager));
    });
  }

  async login(dto: LoginDto): Promise<SessionResult> {
    await this.throttle.assertNotLocked(dto.email);
    const user = await this.users.findByEmail(dto.email);
    const ok = await verifyPassword(user?.passwordHash, dto.password);
    if (!user || !ok) {
      await this.throttle.recordFailure(dto.email);
      throw new UnauthorizedException(BAD_CREDENTIALS);
    }
    await this.throttle.reset(dto.email);
    return this.toResult(user, await this.sessions.start(user));
  }

  async refresh(refreshToken: string | undefined): Promise<SessionResult> {
    if (!refreshToken) throw new UnauthorizedException('Session expirée, veuillez vous reconnecter');
    const { userId, issued } = await this.sessions.rotate(refreshToken);
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedException('Session expirée, veuillez vous reconnecter');
    return this.toResult(user, issued);
  }

  async logout(sessionId: string | undefined, refreshToken: string | undefined): Promise<void> {
    if (sessionId) await this.sessions.revoke(sessionId, 'logout');
    if (refreshToken) await this.sessions.revokeByRefreshToken(refreshToken, 'logout');
  }

  me(user: User): UserResponseDto {
    return toUserResponse(user);
  }

  async updateMe(user: User, dto: UpdateMeDto): Promise<UserResponseDto> {
    return toUserResponse(await this.users.updateName(user, dto.name));
  }

  /** Checks the old password first, then ends every session and opens a fresh one for the caller. */
  async changePassword(user: User, dto: ChangePasswordDto): Promise<SessionResult> {
    const fresh = await this.users.findById(user.id);
    if (!fresh || !(await verifyPassword(fresh.passwordHash, dto.oldPassword))) {
      throw new BadRequestException({ message: 'Ancien mot de passe incorrect.', errors: { oldPassword: 'Ancien mot de passe incorrect.' } });
    }
    const passwordHash = await hashPassword(dto.newPassword);
    return this.dataSource.transaction(async (manager) => {
      await this.users.setPassword(fresh.id, passwordHash, manager);
      await this.sessions.revokeAllForUser(fresh.id, 'password_change', manager);
      return this.toResult(fresh, await this.sessions.start(fresh, manager));
    });
  }

  /**
   * Issues a first-login token for an account created without a password (after payment, or by an admin); the
   * caller mails the /first-login?token=... link. Earlier first-login tokens of the user stop working.
   */
  issueFirstLoginToken(userId: string): Promise<string> {
    return this.oneTimeTokens.issue(userId, 'first_login', this.config.firstLoginTokenTtlHours * 3600_000);
  }

  async firstLogin(dto: FirstLoginDto): Promise<SessionResult> {
    const passwordHash = await hashPassword(dto.password);
    return this.dataSource.transaction(async (manager) => {
      const userId = await this.oneTimeTokens.consume(dto.token, 'first_login', manager);
      const user = userId ? await this.users.findById(userId) : null;
      if (!user) throw new BadRequestException({ message: 'Lien invalide ou expiré', errors: { token: 'Lien invalide ou expiré' } });
      await this.users.setPassword(user.id, passwordHash, manager);
      await this.sessions.revokeAllForUser(user.id, 'first_login', manager);
      return this.toResult(user, await this.sessions.start(user, manager));
    });
  }

  private toResult(user: User, issued: IssuedSession): SessionResult {
    return {
      refreshExpiresAt: issued.refreshExpiresAt,
      body: {
        access_token: issued.accessToken,
        token_type: 'bearer',
        expires_in: issued.expiresIn,
        expires_at: issued.expiresAt,
        refresh_token: issued.refreshToken,
        user: toUserResponse(user),
      },
    };
  }
}
