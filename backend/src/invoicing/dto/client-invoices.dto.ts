import { ApiProperty } from '@nestjs/swagger';
import { LimitField, UuidField } from '../../common/fields';
import { PageQueryDto } from '../../common/page-query.dto';
import { LegalDocumentRefDto } from './legal-invoices.dto';

export class InvoiceListQueryDto extends PageQueryDto {
  /** Nombre par page (20 par défaut, 100 au plus) */
  @LimitField(20)
  override limit?: number = 20;

  /** Les factures d'un seul site */
  @UuidField('Site introuvable', { optional: true })
  siteId?: string;
}

export class ClientInvoiceDto {
  /** Identifiant Stripe (in_…) */
  id: string;
  /** Numéro de facture, null pour une facture sans numéro */
  @ApiProperty({ type: String, nullable: true })
  number: string | null;
  @ApiProperty({ format: 'date-time' })
  date: string;
  /** Total en centimes */
  amountCents: number;
  currency: string;
  /** paid, open, void, uncollectible */
  status: string;
  /** Son paiement a échoué (facture ouverte) : 'Échouée' plutôt que 'En attente' */
  paymentFailed: boolean;
  /** Ce qui en a été remboursé, en centimes (un paiement en double) */
  refundedCents: number;
  /** Le site que paie l'abonnement de cette facture */
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  siteId: string | null;
  @ApiProperty({ type: String, nullable: true })
  siteName: string | null;
  @ApiProperty({ type: String, nullable: true })
  description: string | null;
  /** Le PDF de la facture */
  @ApiProperty({ type: String, nullable: true })
  pdfUrl: string | null;
  /** La page de la facture chez Stripe */
  @ApiProperty({ type: String, nullable: true })
  hostedUrl: string | null;
  /** La facture légale émise pour ce paiement (numéro F-…), puis ses avoirs (AV-…) ; vide tant que rien n'est encaissé */
  @ApiProperty({ type: [LegalDocumentRefDto] })
  legalDocuments: LegalDocumentRefDto[];
}

export class ClientInvoiceListResponseDto {
  invoices: ClientInvoiceDto[];
  total: number;
}
