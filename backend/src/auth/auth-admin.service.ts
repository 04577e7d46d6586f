import { Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthenticatedUser, SessionUser } from '../common/current-user';
import { longDateTime } from '../common/format';
import { Transactions } from '../database/transactions';
import { MailService } from '../mail/mail.service';
import { AuthService } from './auth.service';
import { CLIENT_VIEW_MINUTES, ClientViewService } from './client-view.service';
import type { ClientViewEndedDto, ClientViewStartedDto } from './dto/auth-admin.dto';
import type { MessageResponseDto } from './dto/auth.dto';
import { toUserResponse } from './user.mapper';

/** The admin's writes on an account: the first-login invitation and 'Voir comme le client', each audited. */
@Injectable()
export class AuthAdminService {
  constructor(
    private readonly auth: AuthService,
    private readonly clientViews: ClientViewService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
  ) {}

  async invite(actor: SessionUser, id: string): Promise<MessageResponseDto> {
    await this.transactions.run(async (tx) => {
      await this.auth.inviteToFirstLogin(id, tx);
      await this.audit.record(actor, { action: 'user.invite', entityType: 'user', entityId: id }, tx);
    });
    return { message: 'Invitation envoyée.' };
  }

  /**
   * Opens the client's space for the admin, read only, 30 minutes at most: recorded in the audit log (who, whom,
   * when, until when) and mailed to the client, in one transaction with the view.
   */
  async startClientView(by: AuthenticatedUser, clientId: string): Promise<ClientViewStartedDto> {
    const { view, client, accessToken } = await this.transactions.run(async (tx) => {
      const started = await this.clientViews.start(by, clientId, tx);
      await this.audit.record(
        by.user,
        {
          action: 'user.view',
          entityType: 'user',
          entityId: clientId,
          after: {
            viewId: started.view.id,
            startedAt: started.view.startedAt.toISOString(),
            expiresAt: started.view.expiresAt.toISOString(),
          },
        },
        tx,
      );
      await this.mail.enqueue(
        'client-view-notice',
        started.client.email,
        {
          name: started.client.name || started.client.email,
          at: longDateTime(started.view.startedAt),
          minutes: CLIENT_VIEW_MINUTES,
          activityUrl: this.mail.link('/dashboard/profile#activite'),
        },
        { tx, dedupeKey: `client-view:${started.view.id}` },
      );
      return started;
    });
    return { viewId: view.id, accessToken, expiresAt: view.expiresAt.toISOString(), client: toUserResponse(client) };
  }

  /** The admin leaves the view: its end and length go into the audit log (once, however often it is left). */
  async endClientView(actor: SessionUser, viewId: string): Promise<ClientViewEndedDto> {
    const view = await this.transactions.run(async (tx) => {
      const ended = await this.clientViews.end(actor.id, viewId, tx);
      if (!ended) throw new NotFoundException('Consultation introuvable');
      const { view } = ended;
      const endedAt = view.endedAt ?? view.expiresAt;
      if (ended.ended) {
        await this.audit.record(
          actor,
          {
            action: 'user.view_end',
            entityType: 'user',
            entityId: view.userId,
            after: {
              viewId: view.id,
              startedAt: view.startedAt.toISOString(),
              endedAt: endedAt.toISOString(),
              durationSeconds: Math.round((endedAt.getTime() - view.startedAt.getTime()) / 1000),
            },
          },
          tx,
        );
      }
      return { ...view, endedAt };
    });
    return {
      viewId: view.id,
      startedAt: view.startedAt.toISOString(),
      endedAt: view.endedAt.toISOString(),
      durationSeconds: Math.round((view.endedAt.getTime() - view.startedAt.getTime()) / 1000),
    };
  }
}
