import { Injectable } from '@nestjs/common';
import { toOwner } from '../auth/user.mapper';
import { pageWindow, toPage } from '../common/pagination';
import type { PageQueryDto } from '../common/page-query.dto';
import { InvoicingService } from '../invoicing/invoicing.service';
import type { InvoiceWithOwner } from './billing.repository';
import { BillingService } from './billing.service';
import type {
  AdminDuplicatePaymentListResponseDto,
  AdminInvoiceDto,
  AdminInvoiceListResponseDto,
  ListAdminInvoicesQueryDto,
} from './dto/billing-admin.dto';
import { DuplicatePayments } from './duplicate-payments';
import { toInvoiceResponse } from './invoices.service';

const toAdminInvoice = (i: InvoiceWithOwner, legal?: Parameters<typeof toInvoiceResponse>[2]): AdminInvoiceDto => ({
  ...toInvoiceResponse(i, null, legal),
  customerId: i.customerId,
  owner: i.owner && toOwner(i.owner),
});

/** The admin's billing pages: every client's invoices (with their legal numbers), and the duplicate payments refunded. */
@Injectable()
export class BillingAdminService {
  constructor(
    private readonly billing: BillingService,
    private readonly invoicing: InvoicingService,
    private readonly duplicates: DuplicatePayments,
  ) {}

  async listInvoices(query: ListAdminInvoicesQueryDto): Promise<AdminInvoiceListResponseDto> {
    const { items, total } = await this.billing.listInvoices({ ...query, status: query.status === 'all' ? undefined : query.status });
    const legal = await this.invoicing.ofStripeInvoices(items.map((i) => i.id));
    return toPage(
      'invoices',
      items.map((i) => toAdminInvoice(i, legal.get(i.id))),
      total,
    );
  }

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
