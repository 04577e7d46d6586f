import { sayRateLimit } from '../common/rate-limit/rate-limit-headers';
import { Injectable } from '@nestjs/common';
import { supportWaitText } from '@vitrine/domain';
import type { EntityManager } from 'typeorm';
import type { SessionUser } from '../common/current-user';
import { tooManyRequests } from '../common/errors';
import { Transactions } from '../database/transactions';
import { MailService } from '../mail/mail.service';
import type { CreateSupportMessageDto, SupportMessageResponseDto, SupportWaitDto } from './dto/support.dto';
import { SupportRepository } from './support.repository';

/** Minutes between two support messages of one account (signed-in-areas §9). */
export const SUPPORT_WAIT_MINUTES = 15;

/** 'Vous pourrez envoyer un nouveau message dans 14 min 57 s.': the client area's words (issue 38: 'mm:ss' read like a time of day). */
export const waitMessage = supportWaitText;

/** Support messages: stored, mailed to the team, one per account every 15 minutes (enforced here, not by the browser). */
@Injectable()
export class SupportService {
  constructor(
    private readonly messages: SupportRepository,
    private readonly transactions: Transactions,
    private readonly mail: MailService,
  ) {}

  private async waitOf(userId: string, now: number, tx?: EntityManager): Promise<SupportWaitDto> {
    const latest = await this.messages.latestOf(userId, tx);
    const next = latest ? latest.createdAt.getTime() + SUPPORT_WAIT_MINUTES * 60_000 : 0;
    return next > now
      ? { nextAllowedAt: new Date(next).toISOString(), retryAfter: Math.ceil((next - now) / 1000) }
      : { nextAllowedAt: null, retryAfter: 0 };
  }

  nextAllowed(userId: string): Promise<SupportWaitDto> {
    return this.waitOf(userId, Date.now());
  }

  /** Sends a message, or answers 429 with the seconds left (one account's sends are serialised by a lock). */
  async send(user: SessionUser, dto: CreateSupportMessageDto): Promise<SupportMessageResponseDto> {
    return this.transactions.run(async (tx) => {
      await this.transactions.lock(`support:${user.id}`, tx);
      const wait = await this.waitOf(user.id, Date.now(), tx);
      // One message per wait: the answer says so in its RateLimit-* headers (none left until the wait is over).
      if (wait.retryAfter > 0) {
        sayRateLimit(1, 1, wait.retryAfter);
        throw tooManyRequests(waitMessage(wait.retryAfter), wait.retryAfter);
      }
      const saved = await this.messages.insert(
        { userId: user.id, email: dto.email, name: dto.name || null, subject: dto.subject, message: dto.message },
        tx,
      );
      await this.mail.enqueue(
        'support-team',
        await this.mail.teamAddress(tx),
        {
          name: dto.name || user.name || dto.email,
          email: dto.email,
          accountEmail: user.email,
          subject: dto.subject,
          message: dto.message,
        },
        { tx, dedupeKey: `support:${saved.id}` },
      );
      const next = saved.createdAt.getTime() + SUPPORT_WAIT_MINUTES * 60_000;
      sayRateLimit(1, 1, SUPPORT_WAIT_MINUTES * 60);
      return {
        id: saved.id,
        sentAt: saved.createdAt.toISOString(),
        nextAllowedAt: new Date(next).toISOString(),
        retryAfter: SUPPORT_WAIT_MINUTES * 60,
      };
    });
  }

  // ---- data rights (privacy/) ----

  /** Every support message of an account, for its data archive. */
  async recordsOf(userId: string): Promise<Array<{ name: string | null; email: string; subject: string; message: string; sentAt: Date }>> {
    return (await this.messages.ofUser(userId)).map((m) => ({
      name: m.name,
      email: m.email,
      subject: m.subject,
      message: m.message,
      sentAt: m.createdAt,
    }));
  }

  /** Erases every support message of a closed account, in the erasure's transaction. */
  eraseOf(userId: string, tx: EntityManager): Promise<void> {
    return this.messages.deleteOfUser(userId, tx);
  }
}
