import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { AuditAdminService } from './audit-admin.service';
import { AdminAuditLogResponseDto, ListAdminAuditLogQueryDto } from './dto/audit-admin.dto';

@ApiTags('admin')
@Roles('admin')
@Controller('admin/audit-log')
export class AuditAdminController {
  constructor(private readonly auditAdmin: AuditAdminService) {}

  /** Journal d'audit : chaque modification faite par un administrateur (qui, quoi, quand, avant, après), les plus récentes d'abord. */
  @Get()
  listAdminAuditLog(@Query() query: ListAdminAuditLogQueryDto): Promise<AdminAuditLogResponseDto> {
    return this.auditAdmin.list(query);
  }
}
