import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { AdminAuditLogResponseDto, ListAdminAuditLogQueryDto } from './dto/admin-audit.dto';
import { AdminService } from './admin.service';

@ApiTags('admin')
@Roles('admin')
@Controller('admin/audit-log')
export class AdminAuditController {
  constructor(private readonly admin: AdminService) {}

  /** Journal d'audit : chaque modification faite par un administrateur (qui, quoi, quand, avant, après), les plus récentes d'abord. */
  @Get()
  listAdminAuditLog(@Query() query: ListAdminAuditLogQueryDto): Promise<AdminAuditLogResponseDto> {
    return this.admin.auditLog(query);
  }
}
