import { ConflictException, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SessionUser } from '../common/current-user';
import { invalidField } from '../common/errors';
import { RateLimitService } from '../common/rate-limit/rate-limit.service';
import { Transactions } from '../database/transactions';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MailService } from '../mail/mail.service';
import {
  BAD_CREDENTIALS,
  type ChangePasswordDto,
  type FirstLoginDto,
  type ForgotPasswordDto,
  type LoginDto,
  type MessageResponseDto,
  type RegisterDto,
  type ResetPasswordDto,
  type SessionResponseDto,
  type UpdateMeDto,
  type UserResponseDto,
} from './dto/auth.dto';
import { AfterAnswer } from './after-answer';
import { ClientViewService } from './client-view.service';
import type { ActivityResponseDto } from './dto/activity.dto';
import { LoginAttemptsRepository } from './login-attempts.repository';
import { SessionsRepository } from './sessions.repository';
import { LoginThrottleService } from './login-throttle.service';
import { OneTimeTokenService } from './one-time-token.service';
import { hashPassword, sha256, verifyPassword } from './password';
import { type IssuedSession, SessionService } from './session.service';
import type { OneTimeTokenPurpose } from './one-time-token.entity';
import { toUserResponse } from './user.mapper';
import { UsersService } from './users.service';

export { BAD_CREDENTIALS };
export const FORGOT_PASSWORD_ANSWER =
  'Si un compte existe pour cette adresse, vous allez recevoir un e-mail avec un lien pour choisir un nouveau mot de passe.';
const INVALID_LINK = 'Lien invalide ou expiré';
const SESSION_EXPIRED = 'Session expirée, veuillez vous reconnecter';

export interface SessionResult {
  body: SessionResponseDto;
  refreshExpiresAt: Date;
}

@Injectable()
export class AuthService {
  constructor(
    private readonly transactions: Transactions,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly oneTimeTokens: OneTimeTokenService,
    private readonly throttle: LoginThrottleService,
    private readonly mail: MailService,
    private readonly rateLimit: RateLimitService,
    private readonly afterAnswer: AfterAnswer,
    private readonly clientViews: ClientViewService,
    private readonly sessionRows: SessionsRepository,
    private readonly loginAttempts: LoginAttemptsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Self-service sign-up: always a client, whatever the body says (unknown fields are refused before this). At most
   * SIGNUP_LIMIT_PER_IP sign-ups an hour from one address and SIGNUP_LIMIT_PER_EMAIL attempts for one e-mail.
   */
  async register(dto: RegisterDto, ip: string): Promise<SessionResult> {
    const { signupPerIp, signupPerEmail } = this.config.limits;
    await this.rateLimit.hit({
      key: `signup:ip:${ip}`,
      limit: signupPerIp,
      windowSeconds: 3600,
      message: 'Trop de comptes créés depuis cette adresse. Réessayez dans {minutes}.',
    });
    await this.rateLimit.hit({
      key: `signup:email:${dto.email}`,
      limit: signupPerEmail,
      windowSeconds: 3600,
      message: 'Trop de tentatives d’inscription pour cet e-mail. Réessayez dans {minutes}.',
    });
    const passwordHash = await hashPassword(dto.password, this.config.passwordHashCost);
    return this.transactions.run(async (tx) => {
      const user = await this.users.create({ email: dto.email, name: dto.name, role: 'client', passwordHash }, tx);
      await this.mail.enqueue(
        'welcome',
        user.email,
        { name: user.name, dashboardUrl: this.mail.link('/dashboard') },
        { tx, dedupeKey: `welcome:${user.id}` },
      );
      return this.toResult(user, await this.sessions.start(user, tx));
    });
  }

  async login(dto: LoginDto): Promise<SessionResult> {
    await this.throttle.countAttempt(dto.email);
    const user = await this.users.findByEmail(dto.email);
    const ok = await verifyPassword(user?.passwordHash, dto.password, this.config.passwordHashCost);
    if (!user || !ok) throw new UnauthorizedException(BAD_CREDENTIALS);
    await this.throttle.reset(dto.email);
    return this.toResult(user, await this.sessions.start(user));
  }

  async refresh(refreshToken: string | undefined): Promise<SessionResult> {
    if (!refreshToken) throw new UnauthorizedException(SESSION_EXPIRED);
    const { user, issued } = await this.sessions.rotate(refreshToken);
    return this.toResult(user, issued);
  }

  async logout(sessionId: string | undefined, refreshToken: string | undefined): Promise<void> {
    if (sessionId) await this.sessions.revoke(sessionId, 'logout');
    if (refreshToken) await this.sessions.revokeByRefreshToken(refreshToken, 'logout');
  }

  me(user: SessionUser): UserResponseDto {
    return toUserResponse(user);
  }

  async updateMe(user: SessionUser, dto: UpdateMeDto): Promise<UserResponseDto> {
    const updated = await this.users.rename(user.id, dto.name);
    if (!updated) throw new UnauthorizedException(SESSION_EXPIRED);
    return toUserResponse(updated);
  }

  /** Checks the old password first, then ends every session and opens a fresh one for the caller. */
  async changePassword(user: SessionUser, dto: ChangePasswordDto): Promise<SessionResult> {
    const fresh = await this.users.findById(user.id);
    if (!fresh || !(await verifyPassword(fresh.passwordHash, dto.oldPassword)))
      throw invalidField('oldPassword', 'Ancien mot de passe incorrect.');
    const passwordHash = await hashPassword(dto.newPassword, this.config.passwordHashCost);
    return this.transactions.run(async (tx) => {
      await this.users.setPassword(fresh.id, passwordHash, tx);
      await this.sessions.revokeAllForUser(fresh.id, 'password_change', tx);
      return this.toResult(fresh, await this.sessions.start(fresh, tx));
    });
  }

  /**
   * Issues a first-login token for an account created without a password. Earlier first-login tokens of the user
   * stop working. Most callers want `inviteToFirstLogin`, which also mails the link.
   */
  issueFirstLoginToken(userId: string, tx?: EntityManager): Promise<string> {
    return this.oneTimeTokens.issue(userId, 'first_login', this.config.firstLoginTokenTtlHours * 3600_000, tx);
  }

  /**
   * Mails the /first-login?token=... link to a user (after payment, or at an admin's request), in the caller's
   * transaction when given one.
   */
  inviteToFirstLogin(userId: string, tx?: EntityManager): Promise<void> {
    return this.transactions.run(async (tx) => {
      const user = await this.users.findById(userId, tx);
      if (!user) throw new NotFoundException('Utilisateur introuvable');
      if (user.closedAt) throw new ConflictException('Ce compte est fermé : il n’a plus d’adresse e-mail.');
      const token = await this.issueFirstLoginToken(user.id, tx);
      await this.mail.enqueue(
        'first-login',
        user.email,
        {
          name: user.name || user.email,
          firstLoginUrl: this.mail.link(`/first-login?token=${token}`),
          expiresHours: this.config.firstLoginTokenTtlHours,
        },
        { tx, dedupeKey: `first-login:${sha256(token)}` },
      );
    }, tx);
  }

  /**
   * Answers the same, in content and in time, whether or not the address has an account: the request only counts the
   * caller (a 429 after 10 requests an hour) and answers; looking the address up and mailing the link happen after
   * the answer (`sendResetLink`).
   */
  async forgotPassword(dto: ForgotPasswordDto, ip: string): Promise<MessageResponseDto> {
    await this.rateLimit.hit({
      key: `forgot:ip:${ip}`,
      limit: 10,
      windowSeconds: 3600,
      message: 'Trop de demandes. Réessayez dans {minutes}.',
    });
    this.afterAnswer.run('Lien de réinitialisation', () => this.sendResetLink(dto.email));
    return { message: FORGOT_PASSWORD_ANSWER };
  }

  /** Mails a reset link when the address has an account; per address, at most 3 an hour (silently). */
  private async sendResetLink(email: string): Promise<void> {
    const perAddress = await this.rateLimit.consume({ key: `forgot:email:${email}`, limit: 3, windowSeconds: 3600 });
    const user = perAddress.allowed ? await this.users.findByEmail(email) : null;
    if (!user) return;
    await this.transactions.run(async (tx) => {
      const token = await this.oneTimeTokens.issue(user.id, 'password_reset', this.config.passwordResetTtlMinutes * 60_000, tx);
      await this.mail.enqueue(
        'password-reset',
        user.email,
        {
          name: user.name || user.email,
          resetUrl: this.mail.link(`/reset-password?token=${token}`),
          expiresMinutes: this.config.passwordResetTtlMinutes,
        },
        { tx, dedupeKey: `password-reset:${sha256(token)}` },
      );
    });
  }

  /** Sets a new password with a reset token (once, within 30 minutes), ends every session and opens a new one. */
  async resetPassword(dto: ResetPasswordDto): Promise<SessionResult> {
    const result = await this.setPasswordWithToken(dto.token, 'password_reset', dto.password);
    await this.throttle.reset(result.body.user.email);
    return result;
  }

  /** First login: sets the password of an account created at payment, with the mailed token, and opens a session. */
  firstLogin(dto: FirstLoginDto): Promise<SessionResult> {
    return this.setPasswordWithToken(dto.token, 'first_login', dto.password);
  }

  private async setPasswordWithToken(token: string, purpose: OneTimeTokenPurpose, password: string): Promise<SessionResult> {
    const passwordHash = await hashPassword(password, this.config.passwordHashCost);
    return this.transactions.run(async (tx) => {
      const userId = await this.oneTimeTokens.consume(token, purpose, tx);
      const user = userId ? await this.users.findById(userId, tx) : null;
      if (!user) throw invalidField('token', INVALID_LINK);
      // The link came by mail: its holder reads the account's mailbox.
      await this.users.setPassword(user.id, passwordHash, tx, true);
      await this.sessions.revokeAllForUser(user.id, purpose, tx);
      return this.toResult(user, await this.sessions.start(user, tx));
    });
  }

  // ---- activity, and the account's closure (privacy/) ----

  /** The profile's activity: the account's sign-ins and the team's read-only views of its space, newest first. */
  async activity(user: SessionUser): Promise<ActivityResponseDto> {
    const [signIns, views] = await Promise.all([this.sessionRows.signInsOf(user.id, 20), this.clientViews.ofUser(user.id, 20)]);
    return {
      signIns: signIns.map((s) => ({ at: s.startedAt.toISOString(), endedAt: s.endedAt?.toISOString() ?? null })),
      teamViews: views.map((v) => ({
        startedAt: v.startedAt.toISOString(),
        endedAt: (v.endedAt ?? (v.expiresAt <= new Date() ? v.expiresAt : null))?.toISOString() ?? null,
      })),
    };
  }

  /** What the account is, for its data archive: the account, its sign-ins, the team's views of its space. */
  async accountRecord(userId: string): Promise<{
    closed: boolean;
    account: { id: string; email: string; name: string; role: string; createdAt: Date; stripeCustomerId: string | null };
    signIns: Array<{ startedAt: Date; endedAt: Date | null; endReason: string | null }>;
    teamViews: Array<{ startedAt: Date; endedAt: Date | null; expiresAt: Date }>;
  } | null> {
    const user = await this.users.findById(userId);
    if (!user) return null;
    const [signIns, views] = await Promise.all([this.sessionRows.signInsOf(userId, 10_000), this.clientViews.ofUser(userId, 10_000)]);
    return {
      closed: user.closedAt !== null,
      account: {
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        createdAt: user.createdAt,
        stripeCustomerId: user.stripeCustomerId,
      },
      signIns,
      teamViews: views.map((v) => ({ startedAt: v.startedAt, endedAt: v.endedAt, expiresAt: v.expiresAt })),
    };
  }

  /**
   * Closes the account, in the caller's transaction: its identity leaves its row (the address is free to sign up
   * again), every session ends, no mailed link works any more. Its address and name as they were; null when the
   * account is unknown or already closed.
   */
  async closeAccount(userId: string, tx: EntityManager): Promise<{ email: string; name: string } | null> {
    const closed = await this.users.close(userId, tx);
    if (!closed) return null;
    await this.sessions.revokeAllForUser(userId, 'account_closed', tx);
    await this.oneTimeTokens.deleteAllOf(userId, tx);
    return closed;
  }

  /**
   * Takes the address back from an account that signed up with it after a payment made with it had opened (see
   * UsersRepository.takeBackAddress): it can no longer sign in, every session and mailed link of it ends. Its address
   * as it was, or null.
   */
  async takeBackAddress(userId: string, tx: EntityManager): Promise<string | null> {
    const email = await this.users.takeBackAddress(userId, tx);
    if (!email) return null;
    await this.sessions.revokeAllForUser(userId, 'address_taken_back', tx);
    await this.oneTimeTokens.deleteAllOf(userId, tx);
    return email;
  }

  /**
   * Whether an account holds this address now: a closed account gave its address back at its closure, so for a closed
   * account's erasure this says a new account signed up with it since.
   */
  async addressHeld(email: string, tx?: EntityManager): Promise<boolean> {
    return (await this.users.findByEmail(email, tx)) !== null;
  }

  /** The erasure of a closed account's sign-in traces: its sessions and their tokens, the team's views, its failed sign-ins. */
  async eraseSignIns(userId: string, email: string, tx: EntityManager): Promise<void> {
    await this.sessionRows.deleteAllOfUser(userId, tx);
    await this.clientViews.deleteAllOf(userId, tx);
    await this.loginAttempts.clear(email, tx);
  }

  private toResult(user: SessionUser, issued: IssuedSession): SessionResult {
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
