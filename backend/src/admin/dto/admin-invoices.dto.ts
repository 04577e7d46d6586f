import { ApiProperty } from '@nestjs/swagger';
import { EnumField } from '../../common/fields';
import { PageQueryDto } from '../../common/page-query.dto';
import { OwnerDto } from './admin-sites.dto';

export const INVOICE_STATUS_FILTERS = ['all', 'paid', 'open', 'void', 'uncollectible', 'draft'] as const;
export type InvoiceStatusFilter = (typeof INVOICE_STATUS_FILTERS)[number];

export class ListAdminInvoicesQueryDto extends PageQueryDto {
  @EnumField(INVOICE_STATUS_FILTERS, { name: 'AdminInvoiceStatusFilter', invalid: 'Statut invalide', optional: true, default: 'all' })
  status?: InvoiceStatusFilter = 'all';
}

export class AdminInvoiceDto {
  /** Identifiant Stripe (in_…) */
  id: string;
  @ApiProperty({ type: String, nullable: true })
  number: string | null;
  @ApiProperty({ format: 'date-time' })
  date: string;
  amountCents: number;
  currency: string;
  /** draft, open, paid, void ou uncollectible */
  status: string;
  @ApiProperty({ type: String, nullable: true })
  description: string | null;
  @ApiProperty({ type: String, nullable: true })
  hostedUrl: string | null;
  @ApiProperty({ type: String, nullable: true })
  pdfUrl: string | null;
  /** Client Stripe (cus_…) */
  customerId: string;
  /** Le compte du client (null si aucun compte ne lui est lié) */
  @ApiProperty({ type: () => OwnerDto, nullable: true })
  owner: OwnerDto | null;
}

export class AdminInvoiceListResponseDto {
  invoices: AdminInvoiceDto[];
  total: number;
}
