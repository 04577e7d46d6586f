import { ApiProperty } from '@nestjs/swagger';

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
