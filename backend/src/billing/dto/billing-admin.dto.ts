import { ApiProperty } from '@nestjs/swagger';
import { EnumField } from '../../common/fields';
import { PageQueryDto } from '../../common/page-query.dto';
import { OwnerDto } from '../../auth/dto/auth-admin.dto';
import { ClientInvoiceDto } from './client-billing.dto';

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

/** Un second paiement de la même commande (ou de la même relance), annulé et remboursé automatiquement */
export class AdminDuplicatePaymentDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** order : une commande ; restart : la relance d'un site */
  @ApiProperty({ enum: ['order', 'restart'] })
  kind: 'order' | 'restart';
  /** Le site concerné, s'il existe */
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  siteId: string | null;
  checkoutSessionId: string;
  @ApiProperty({ type: String, nullable: true })
  subscriptionId: string | null;
  amountCents: number;
  refundedCents: number;
  /** pending : remboursement en cours ; refunded : annulé et remboursé ; failed : à traiter à la main */
  @ApiProperty({ enum: ['pending', 'refunded', 'failed'] })
  status: 'pending' | 'refunded' | 'failed';
  /** Pourquoi il a été remboursé */
  reason: string;
  @ApiProperty({ type: String, nullable: true })
  lastError: string | null;
  @ApiProperty({ type: String, nullable: true })
  customerEmail: string | null;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  settledAt: string | null;
}

export class AdminDuplicatePaymentListResponseDto {
  duplicatePayments: AdminDuplicatePaymentDto[];
  total: number;
}
