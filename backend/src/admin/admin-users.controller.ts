import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { AdminUserListResponseDto, ListAdminUsersQueryDto } from './admin.dto';
import { AdminService } from './admin.service';

@ApiTags('admin')
@Roles('admin')
@Controller('admin/users')
export class AdminUsersController {
  constructor(private readonly admin: AdminService) {}

  /** Liste paginée des utilisateurs, avec recherche sur le nom ou l'e-mail. */
  @Get()
  listAdminUsers(@Query() query: ListAdminUsersQueryDto): Promise<AdminUserListResponseDto> {
    return this.admin.listUsers(query);
  }
}
