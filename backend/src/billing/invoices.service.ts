import { Injectable } from '@nestjs/common';
import { pageWindow, toPage } from '../common/pagination';
import { BillingRepository } from './billing.repository';
import type { ClientInvoiceDto, ClientInvoiceListResponseDto, InvoiceListQueryDto } from './dto/client-billing.dto';

/** An invoice as the API shows it (the client's list, and the admin's with the owner added). */
export function toInvoiceResponse(i: { id: string; number: string | null; date: Date; amountCents: number; currency: string; status: string; description: string | null; pdfUrl: string | null; hostedUrl: string | null }): ClientInvoiceDto {
  return { id: i.id, number: i.number, date: i.date.toISOString(), amountCents: i.amountCents, currency: i.currency, status: i.status, description: i.description, pdfUrl: i.pdfUrl, hostedUrl: i.hostedUrl };
}

export const INVOICES_PER_PAGE = 20;

/** A client's own invoices, from our copy (the customer comes from the signed-in account, never from the browser). */
@Injectable()
export class InvoicesService {
  constructor(private readonly billing: BillingRepository) {}

  async listOwn(userId: string, query: InvoiceListQueryDto): Promise<ClientInvoiceListResponseDto> {
    const { items, total } = await this.billing.listInvoicesOfUser(userId, pageWindow({ page: query.page, limit: query.limit ?? INVOICES_PER_PAGE }));
    return toPage(
      'invoices',
      items.map(toInvoiceResponse),
      total,
    );
  }

  countOwn(userId: string): Promise<number> {
    return this.billing.countInvoicesOfUser(userId);
  }
}
