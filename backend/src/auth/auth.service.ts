import { BadRequestException, HttpException, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { RateLimitService } from '../common/rate-limit/rate-limit.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MailService } from '../mail/mail.service';
import type {
  ChangePasswordDto,
  FirstLoginDto,
  ForgotPasswordDto,
  LoginDto,
  MessageResponseDto,
  RegisterDto,
  ResetPasswordDto,
  SessionResponseDto,
  UpdateMeDto,
  UserResponseDto,
} from './dto/auth.dto';
import { LoginThrottleService } from './login-throttle.service';
import { OneTimeTokenService } from './one-time-token.service';
import { hashPassword, sha256, verifyPassword } from './password';
import { type IssuedSession, SessionService } from './session.service';
import { User } from './user.entity';
import { toUserResponse } from './user.mapper';
import { UsersService } from './users.service';

export const BAD_CREDENTIALS = 'Email ou mot de passe incorrect';
export const FORGOT_PASSWORD_ANSWER =
  'Si un compte existe pour cette adresse, vous allez recevoir un e-mail avec un lien pour choisir un nouveau mot de passe.';
const INVALID_LINK = 'Lien invalide ou expiré';

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
    private readonly mail: MailService,
    private readonly rateLimit: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Self-service sign-up: always a client, whatever the body says (unknown fields are refused before this). */
  async register(dto: RegisterDto): Promise<SessionResult> {
    const passwordHash = await hashPassword(dto.password);
    return this.dataSource.transaction(async (manager) => {
      const user = await this.users.create({ email: dto.email, name: dto.name, role: 'client', passwordHash }, manager);
      await this.mail.enqueue('welcome', user.email, { name: user.name, dashboardUrl: this.mail.link('/dashboard') }, { manager, dedupeKey: `welcome:${user.id}` });
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
   * Issues a first-login token for an account created without a password. Earlier first-login tokens of the user
   * stop working. Most callers want `inviteToFirstLogin`, which also mails the link.
   */
  issueFirstLoginToken(userId: string, manager?: EntityManager): Promise<string> {
    return this.oneTimeTokens.issue(userId, 'first_login', this.config.firstLoginTokenTtlHours * 3600_000, manager);
  }

  /**
   * Mails the /first-login?token=... link to a user (after payment, or at an admin's request), in the caller's
   * transaction when given one.
   */
  async inviteToFirstLogin(userId: string, manager?: EntityManager): Promise<void> {
    const run = async (m: EntityManager) => {
      const user = await m.getRepository(User).findOneBy({ id: userId });
      if (!user) throw new NotFoundException({ message: 'Utilisateur introuvable', error: 'Not Found' });
      const token = await this.issueFirstLoginToken(user.id, m);
      await this.mail.enqueue(
        'first-login',
        user.email,
        { name: user.name || user.email, firstLoginUrl: this.mail.link(`/first-login?token=${token}`), expiresHours: this.config.firstLoginTokenTtlHours },
        { manager: m, dedupeKey: `first-login:${sha256(token)}` },
      );
    };
    if (manager) await run(manager);
    else await this.dataSource.transaction(run);
  }

  /**
   * Mails a reset link when the address has an account; answers the same either way. Per address, at most 3 mails an
   * hour (silently: a 429 would tell which addresses exist); per caller, a 429 after 10 requests an hour.
   */
  async forgotPassword(dto: ForgotPasswordDto, ip: string): Promise<MessageResponseDto> {
    await this.rateLimit.hit({ key: `forgot:ip:${ip}`, limit: 10, windowSeconds: 3600, message: 'Trop de demandes. Réessayez dans {minutes}.' });
    try {
      await this.rateLimit.hit({ key: `forgot:email:${dto.email}`, limit: 3, windowSeconds: 3600, message: '' });
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === 429) return { message: FORGOT_PASSWORD_ANSWER };
      throw error;
    }
    const user = await this.users.findByEmail(dto.email);
    if (user) {
      await this.dataSource.transaction(async (manager) => {
        const token = await this.oneTimeTokens.issue(user.id, 'password_reset', this.config.passwordResetTtlMinutes * 60_000, manager);
        await this.mail.enqueue(
          'password-reset',
          user.email,
          { name: user.name || user.email, resetUrl: this.mail.link(`/reset-password?token=${token}`), expiresMinutes: this.config.passwordResetTtlMinutes },
          { manager, dedupeKey: `password-reset:${sha256(token)}` },
        );
      });
    }
    return { message: FORGOT_PASSWORD_ANSWER };
  }

  /** Sets a new password with a reset token (once, within 30 minutes), ends every session and opens a new one. */
  async resetPassword(dto: ResetPasswordDto): Promise<SessionResult> {
    const passwordHash = await hashPassword(dto.password);
    const result = await this.dataSource.transaction(async (manager) => {
      const userId = await this.oneTimeTokens.consume(dto.token, 'password_reset', manager);
      const user = userId ? await manager.getRepository(User).findOneBy({ id: userId }) : null;
      if (!user) throw new BadRequestException({ message: INVALID_LINK, errors: { token: INVALID_LINK } });
      await this.users.setPassword(user.id, passwordHash, manager);
      await this.sessions.revokeAllForUser(user.id, 'password_reset', manager);
      return this.toResult(user, await this.sessions.start(user, manager));
    });
    await this.throttle.reset(result.body.user.email);
    return result;
  }

  async firstLogin(dto: FirstLoginDto): Promise<SessionResult> {
    const passwordHash = await hashPassword(dto.password);
    return this.dataSource.transaction(async (manager) => {
      const userId = await this.oneTimeTokens.consume(dto.token, 'first_login', manager);
      const user = userId ? await manager.getRepository(User).findOneBy({ id: userId }) : null;
      if (!user) throw new BadRequestException({ message: INVALID_LINK, errors: { token: INVALID_LINK } });
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
