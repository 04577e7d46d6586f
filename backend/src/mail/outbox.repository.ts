import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { escapeLike, type PageWindow } from '../common/pagination';
import { BaseRepository } from '../database/base.repository';
import { type MailStatus, OutboxEmail } from './outbox-email.entity';

export interface ClaimedMail {
  id: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  template: string;
  action_url: string | null;
  /** Sealed one-time link, for the worker to open and put back in place of the masked one */
  secret_link: string | null;
  attempts: number;
}

export interface NewOutboxEmail {
  recipient: string;
  template: string;
  data: unknown;
  subject: string;
  html: string;
  text: string;
  actionUrl: string | null;
  secretLink: string | null;
  dedupeKey: string | null;
}

/** The `outbox_emails` table: mail waiting, being sent, sent, failed or captured. */
@Injectable()
export class OutboxRepository extends BaseRepository {
  /** The new row's id, or null when the dedupe key was already used. */
  async insert(mail: NewOutboxEmail, tx?: EntityManager): Promise<string | null> {
    const [row] = await this.returning<{ id: string }>(
      `INSERT INTO outbox_emails (recipient, template, data, subject, html, text, action_url, secret_link, dedupe_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (dedupe_key) DO NOTHING
       RETURNING id`,
      [
        mail.recipient,
        mail.template,
        JSON.stringify(mail.data),
        mail.subject,
        mail.html,
        mail.text,
        mail.actionUrl,
        mail.secretLink,
        mail.dedupeKey,
      ],
      tx,
    );
    return row?.id ?? null;
  }

  /** Takes up to `batch` due mails (and claims left by a crashed worker), marks them `sending` for `leaseSeconds`. */
  claim(batch: number, leaseSeconds: number): Promise<ClaimedMail[]> {
    return this.returning<ClaimedMail>(
      `UPDATE outbox_emails o
          SET status = 'sending', attempts = o.attempts + 1, locked_until = now() + make_interval(secs => $2), updated_at = now()
         FROM (SELECT id FROM outbox_emails
                WHERE (status = 'queued' AND next_attempt_at <= now()) OR (status = 'sending' AND locked_until < now())
                ORDER BY next_attempt_at
                LIMIT $1
                FOR UPDATE SKIP LOCKED) due
        WHERE o.id = due.id
      RETURNING o.id, o.recipient, o.template, o.subject, o.html, o.text, o.action_url, o.secret_link, o.attempts`,
      [batch, leaseSeconds],
    );
  }

  /** Extends the claim of mails still being sent (the worker's heartbeat: a live worker never loses them). */
  async renew(ids: string[], leaseSeconds: number): Promise<void> {
    await this.query(
      `UPDATE outbox_emails SET locked_until = now() + make_interval(secs => $2) WHERE id = ANY($1) AND status = 'sending'`,
      [ids, leaseSeconds],
    );
  }

  /** Hands back claimed mails not sent (shutdown): waiting again at once, their attempt not counted. */
  async release(ids: string[]): Promise<void> {
    await this.query(
      `UPDATE outbox_emails SET status = 'queued', attempts = greatest(attempts - 1, 0), locked_until = NULL, updated_at = now()
        WHERE id = ANY($1) AND status = 'sending'`,
      [ids],
    );
  }

  /** Sent or captured: done, and its sealed link is wiped (the mail that needed it is out). */
  async markDelivered(id: string, status: 'sent' | 'captured'): Promise<void> {
    await this.query(
      `UPDATE outbox_emails SET status = $2, locked_until = NULL, sent_at = now(), last_error = NULL, secret_link = NULL, updated_at = now() WHERE id = $1`,
      [id, status],
    );
  }

  /** A failed attempt: back in line after `delaySeconds`, or `failed` for good. */
  async markAttemptFailed(id: string, error: string, final: boolean, delaySeconds: number): Promise<void> {
    await this.query(
      `UPDATE outbox_emails
          SET status = $2, last_error = $3, locked_until = NULL, updated_at = now(), next_attempt_at = now() + make_interval(secs => $4)
        WHERE id = $1`,
      [id, final ? 'failed' : 'queued', error, delaySeconds],
    );
  }

  /** Puts a failed or waiting mail back in line for now; false when it is sent, sending or unknown. */
  async requeue(id: string, tx?: EntityManager): Promise<boolean> {
    const rows = await this.returning<{ id: string }>(
      `UPDATE outbox_emails SET status = 'queued', attempts = 0, next_attempt_at = now(), last_error = NULL, updated_at = now()
        WHERE id = $1 AND status IN ('failed', 'queued') RETURNING id`,
      [id],
      tx,
    );
    return rows.length > 0;
  }

  findById(id: string, tx?: EntityManager): Promise<OutboxEmail | null> {
    return this.repo(OutboxEmail, tx).findOneBy({ id });
  }

  async list(filter: PageWindow & { status?: MailStatus; recipient?: string }): Promise<{ items: OutboxEmail[]; total: number }> {
    const qb = this.repo(OutboxEmail).createQueryBuilder('m');
    if (filter.status) qb.andWhere('m.status = :status', { status: filter.status });
    if (filter.recipient) qb.andWhere('m.recipient ILIKE :recipient', { recipient: `%${escapeLike(filter.recipient)}%` });
    // The id breaks ties the way of the sort: outbox_emails_created_at_idx read backwards (migration ListIndexes).
    qb.orderBy('m.created_at', 'DESC').addOrderBy('m.id', 'DESC').offset(filter.offset).limit(filter.limit);
    const [items, total] = await Promise.all([qb.getMany(), qb.getCount()]);
    return { items, total };
  }

  // ---- a person's mail (data rights: their archive, the erasure of a closed account) ----

  /** Every mail to this address, oldest first, as stored (one-time links masked). */
  mailsTo(email: string, tx?: EntityManager): Promise<OutboxEmail[]> {
    return this.repo(OutboxEmail, tx)
      .createQueryBuilder('m')
      .where('lower(m.recipient) = lower(:email)', { email })
      .orderBy('m.created_at', 'ASC')
      .addOrderBy('m.id', 'ASC')
      .getMany();
  }

  /**
   * How many mails written up to `before` to this address, or naming it or the account's id (the team's notices
   * about the client), are still waiting to go out.
   */
  async waitingAbout(about: MailsAbout, tx?: EntityManager): Promise<number> {
    const [row] = await this.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox_emails WHERE status IN ('queued', 'sending') AND ${ABOUT}`,
      [about.email, about.userId, about.before],
      tx,
    );
    return row.n;
  }

  /** Deletes a person's mails (MailsAbout) once out (sent, captured, failed). */
  async eraseAbout(about: MailsAbout, tx?: EntityManager): Promise<number> {
    const rows = await this.returning<{ id: string }>(
      `DELETE FROM outbox_emails WHERE status NOT IN ('queued', 'sending') AND ${ABOUT} RETURNING id`,
      [about.email, about.userId, about.before],
      tx,
    );
    return rows.length;
  }
}

/**
 * A person's mails: to their address, or naming it or their account's id anywhere (subject, bodies, data), written up
 * to `before`, or whenever when `before` is null.
 */
export interface MailsAbout {
  email: string;
  userId: string;
  before: Date | string | null;
}

/**
 * A mail about a person (MailsAbout: $1 the address, $2 the account's id, $3 the moment or null). Read by a scan of
 * the outbox: only the erasure of a closed account asks, in the background.
 */
const ABOUT = `($3::timestamptz IS NULL OR created_at <= $3::timestamptz) AND (lower(recipient) = lower($1)
  OR strpos(lower(subject || ' ' || html || ' ' || text || ' ' || data::text), lower($1)) > 0
  OR strpos(subject || ' ' || html || ' ' || text || ' ' || data::text, $2) > 0)`;
