import { Injectable } from '@nestjs/common';
import { pageWindow, toPage } from '../common/pagination';
import { SitesService } from '../sites/sites.service';
import type { ClientInvoice } from '../billing/billing.repository';
import { BillingService } from '../billing/billing.service';
import type { ClientInvoiceDto, ClientInvoiceListResponseDto, InvoiceListQueryDto } from './dto/client-invoices.dto';
import { InvoicingService } from './invoicing.service';

/** The client's invoice rows, or the admin's (which carry neither the payment failure nor the site). */
type InvoiceLike = Omit<ClientInvoice, 'paymentFailedAt' | 'refundedCents' | 'siteId'> &
  Partial<Pick<ClientInvoice, 'paymentFailedAt' | 'refundedCents' | 'siteId'>>;

/** An invoice as the API shows it (the client's list, and the admin's with the owner added). */
export function toInvoiceResponse(
  i: InvoiceLike,
  siteName: string | null = null,
  legal: Array<{ id: string; kind: 'invoice' | 'credit_note'; number: string }> = [],
): ClientInvoiceDto {
  return {
    id: i.id,
    number: i.number,
    date: i.date.toISOString(),
    amountCents: i.amountCents,
    currency: i.currency,
    status: i.status,
    paymentFailed: i.status === 'open' && Boolean(i.paymentFailedAt),
    refundedCents: i.refundedCents ?? 0,
    siteId: i.siteId ?? null,
    siteName,
    description: i.description,
    pdfUrl: i.pdfUrl,
    hostedUrl: i.hostedUrl,
    legalDocuments: legal.map((l) => ({ id: l.id, kind: l.kind, number: l.number })),
  };
}

export const INVOICES_PER_PAGE = 20;

/**
 * A client's own invoices: billing's copy of Stripe's (the customer comes from the signed-in account, never from the
 * browser), each with its site's name and the legal documents issued for it.
 */
@Injectable()
export class ClientInvoicesService {
  constructor(
    private readonly billing: BillingService,
    private readonly sites: SitesService,
    private readonly invoicing: InvoicingService,
  ) {}

  async listOwn(userId: string, query: InvoiceListQueryDto): Promise<ClientInvoiceListResponseDto> {
    const { items, total } = await this.billing.invoicesOfUser(
      userId,
      pageWindow({ page: query.page, limit: query.limit ?? INVOICES_PER_PAGE }),
      query.siteId,
    );
    const [names, legal] = await Promise.all([
      this.sites.namesOf([...new Set(items.map((i) => i.siteId).filter((id): id is string => Boolean(id)))]),
      this.invoicing.ofStripeInvoices(items.map((i) => i.id)),
    ]);
    return toPage(
      'invoices',
      items.map((i) => toInvoiceResponse(i, i.siteId ? (names.get(i.siteId) ?? null) : null, legal.get(i.id))),
      total,
    );
  }

  countOwn(userId: string): Promise<number> {
    return this.billing.countInvoicesOfUser(userId);
  }
}
