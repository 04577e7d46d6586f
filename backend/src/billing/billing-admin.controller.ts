import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { PageQueryDto } from '../common/page-query.dto';
import { BillingAdminService } from './billing-admin.service';
import { AdminDuplicatePaymentListResponseDto } from './dto/billing-admin.dto';

@ApiTags('admin')
@Roles('admin')
@Controller('admin')
export class BillingAdminController {
  constructor(private readonly billingAdmin: BillingAdminService) {}

  /** Les paiements en double détectés, les plus récents d'abord, et ce qui en a été remboursé. */
  @Get('duplicate-payments')
  listDuplicatePayments(@Query() query: PageQueryDto): Promise<AdminDuplicatePaymentListResponseDto> {
    return this.billingAdmin.listDuplicatePayments(query);
  }
}
