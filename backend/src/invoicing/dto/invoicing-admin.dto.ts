import { ApiProperty } from '@nestjs/swagger';
import { OwnerDto } from '../../auth/dto/auth-admin.dto';
import { EnumField } from '../../common/fields';
import { PageQueryDto } from '../../common/page-query.dto';
import { ClientInvoiceDto } from './client-invoices.dto';

export const INVOICE_STATUS_FILTERS = ['all', 'paid', 'open', 'void', 'uncollectible', 'draft'] as const;
export type InvoiceStatusFilter = (typeof INVOICE_STATUS_FILTERS)[number];

export class ListAdminInvoicesQueryDto extends PageQueryDto {
  @EnumField(INVOICE_STATUS_FILTERS, { name: 'AdminInvoiceStatusFilter', invalid: 'Statut invalide', optional: true, default: 'all' })
  status?: InvoiceStatusFilter = 'all';
}

/** A client's invoice as the client sees it, with its Stripe customer and its account. */
export class AdminInvoiceDto extends ClientInvoiceDto {
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
