import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { toUserResponse } from '../auth/user.mapper';
import { UsersService } from '../auth/users.service';
import type { SessionUser } from '../common/current-user';
import { toPage } from '../common/pagination';
import { Transactions } from '../database/transactions';
import { MailService } from '../mail/mail.service';
import { SitesService, toSiteResponse } from '../sites/sites.service';
import type {
  AdminEmailSentDto,
  AdminUserDetailDto,
  AdminUserDto,
  AdminUserListResponseDto,
  ListAdminUsersQueryDto,
  SendAdminEmailDto,
} from './dto/admin-users.dto';

const CLIENT_NOT_FOUND = 'Client introuvable';
const CLOSED = 'Ce compte est fermé : il n’a plus d’adresse e-mail.';

const toAdminUser = (u: SessionUser & { closedAt?: Date | null }): AdminUserDto => ({
  ...toUserResponse(u),
  closedAt: u.closedAt?.toISOString() ?? null,
});

/**
 * The client directory: every account, one account with its sites (an account spans auth and sites), and a mail
 * written to a client through the outbox, recorded in the audit log.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly users: UsersService,
    private readonly sites: SitesService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
  ) {}

  async list(query: ListAdminUsersQueryDto): Promise<AdminUserListResponseDto> {
    const { items, total } = await this.users.list(query);
    return toPage('users', items.map(toAdminUser), total);
  }

  /** The most recent accounts (the dashboard's). */
  async recent(limit: number): Promise<AdminUserDto[]> {
    return (await this.users.recent(limit)).map(toAdminUser);
  }

  async get(id: string): Promise<AdminUserDetailDto> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundException(CLIENT_NOT_FOUND);
    const sites = await this.sites.allOfUser(id);
    return { user: toAdminUser(user), sites: sites.map(toSiteResponse) };
  }

  /** Mails a client through the outbox (so it shows in the mail log), recorded in the audit log. */
  async email(actor: SessionUser, id: string, dto: SendAdminEmailDto): Promise<AdminEmailSentDto> {
    const emailId = await this.transactions.run(async (tx) => {
      const user = await this.users.findById(id, tx);
      if (!user) throw new NotFoundException(CLIENT_NOT_FOUND);
      if (user.closedAt) throw new ConflictException(CLOSED);
      const mailId = (await this.mail.enqueue('admin-message', user.email, { subject: dto.subject, message: dto.message }, { tx }))!;
      await this.audit.record(
        actor,
        { action: 'user.email', entityType: 'user', entityId: id, after: { to: user.email, subject: dto.subject, emailId: mailId } },
        tx,
      );
      return mailId;
    });
    return { message: 'Message envoyé', emailId };
  }
}
