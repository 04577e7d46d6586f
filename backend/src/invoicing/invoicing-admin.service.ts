import { Injectable } from '@nestjs/common';
import { toOwner } from '../auth/user.mapper';
import type { InvoiceWithOwner } from '../billing/billing.repository';
import { BillingService } from '../billing/billing.service';
import { toPage } from '../common/pagination';
import { toInvoiceResponse } from './client-invoices.service';
import type { AdminInvoiceDto, AdminInvoiceListResponseDto, ListAdminInvoicesQueryDto } from './dto/invoicing-admin.dto';
import { InvoicingService } from './invoicing.service';

const toAdminInvoice = (i: InvoiceWithOwner, legal?: Parameters<typeof toInvoiceResponse>[2]): AdminInvoiceDto => ({
  ...toInvoiceResponse(i, null, legal),
  customerId: i.customerId,
  owner: i.owner && toOwner(i.owner),
});

/** The admin's invoices page: every client's invoices (billing's copy of Stripe's), each with its legal numbers. */
@Injectable()
export class InvoicingAdminService {
  constructor(
    private readonly billing: BillingService,
    private readonly invoicing: InvoicingService,
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
}
