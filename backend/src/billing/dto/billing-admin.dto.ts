import { ApiProperty } from '@nestjs/swagger';

/**
 * Un paiement rendu : un second paiement de la même commande (ou de la même relance), ou le paiement d'une facture
 * d'un abonnement déjà terminé, annulé et remboursé automatiquement
 */
export class AdminDuplicatePaymentDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** order : une commande ; restart : la relance d'un site ; invoice : une facture d'un abonnement terminé */
  @ApiProperty({ enum: ['order', 'restart', 'invoice'] })
  kind: 'order' | 'restart' | 'invoice';
  /** Le site concerné, s'il existe */
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  siteId: string | null;
  /** La session de paiement (null : le paiement d'une facture) */
  @ApiProperty({ type: String, nullable: true })
  checkoutSessionId: string | null;
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
