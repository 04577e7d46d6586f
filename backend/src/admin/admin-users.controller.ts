import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { ApiKeyScope } from '../common/api-key';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { UuidParam, uuidParam } from '../common/uuid-param';
import { AdminUserListResponseDto, ListAdminUsersQueryDto } from './dto/admin-users.dto';
import { AdminEmailSentDto, AdminUserDetailDto, SendAdminEmailDto } from './dto/admin-users.dto';
import { AdminUsersService } from './admin-users.service';

const clientId = uuidParam('Client introuvable');

@ApiTags('admin')
@Roles('admin')
@Controller('admin/users')
export class AdminUsersController {
  constructor(private readonly adminUsers: AdminUsersService) {}

  /** Liste paginée des utilisateurs, avec recherche sur le nom ou l'e-mail. */
  @ApiKeyScope('clients:read')
  @Get()
  listAdminUsers(@Query() query: ListAdminUsersQueryDto): Promise<AdminUserListResponseDto> {
    return this.adminUsers.list(query);
  }

  /** Un compte et ses sites. */
  @ApiKeyScope('clients:read')
  @Get(':id')
  getAdminUser(@UuidParam('id', clientId) id: string): Promise<AdminUserDetailDto> {
    return this.adminUsers.get(id);
  }

  /** Écrit au client : l'e-mail part par la file d'envoi et figure au journal des e-mails. */
  @Post(':id/email')
  @HttpCode(202)
  sendAdminUserEmail(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', clientId) id: string,
    @Body() dto: SendAdminEmailDto,
  ): Promise<AdminEmailSentDto> {
    return this.adminUsers.email(user, id, dto);
  }
}
