import { Injectable } from '@nestjs/common';
import { pageWindow, toPage } from '../common/pagination';
import type { PageQueryDto } from '../common/page-query.dto';
import type { AdminDuplicatePaymentListResponseDto } from './dto/billing-admin.dto';
import { DuplicatePayments } from './duplicate-payments';

/** The admin's billing page: the duplicate payments found, and what was refunded. */
@Injectable()
export class BillingAdminService {
  constructor(private readonly duplicates: DuplicatePayments) {}

  async listDuplicatePayments(query: PageQueryDto): Promise<AdminDuplicatePaymentListResponseDto> {
    const { offset, limit } = pageWindow(query);
    const { items, total } = await this.duplicates.list(limit, offset);
    return toPage(
      'duplicatePayments',
      items.map((d) => ({ ...d, createdAt: d.createdAt.toISOString(), settledAt: d.settledAt ? d.settledAt.toISOString() : null })),
      total,
    );
  }
}
