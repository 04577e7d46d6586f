import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DuplicatePayments } from '../billing/duplicate-payments';
import { Roles } from '../common/access.decorator';
import { pageWindow, toPage } from '../common/pagination';
import { PageQueryDto } from '../common/page-query.dto';
import { AdminDuplicatePaymentListResponseDto } from './dto/admin-duplicate-payments.dto';

@ApiTags('admin')
@Roles('admin')
@Controller('admin/duplicate-payments')
export class AdminDuplicatePaymentsController {
  constructor(private readonly duplicates: DuplicatePayments) {}

  /** Les paiements en double détectés, les plus récents d'abord, et ce qui en a été remboursé. */
  @Get()
  async listDuplicatePayments(@Query() query: PageQueryDto): Promise<AdminDuplicatePaymentListResponseDto> {
    const { offset, limit } = pageWindow(query);
    const { items, total } = await this.duplicates.list(limit, offset);
    return toPage(
      'duplicatePayments',
      items.map((d) => ({ ...d, createdAt: d.createdAt.toISOString(), settledAt: d.settledAt ? d.settledAt.toISOString() : null })),
      total,
    );
  }
}
