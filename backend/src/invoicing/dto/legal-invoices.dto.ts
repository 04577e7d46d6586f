import { ApiProperty } from '@nestjs/swagger';
import { DateField, EnumField, UuidField } from '../../common/fields';
import { PageQueryDto } from '../../common/page-query.dto';

export const LEGAL_KIND_FILTERS = ['all', 'invoice', 'credit_note'] as const;

/** La facture légale émise pour un paiement Stripe, ou un avoir sur elle : de quoi l'afficher et la télécharger. */
export class LegalDocumentRefDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ enum: ['invoice', 'credit_note'], enumName: 'LegalInvoiceKind' })
  kind: 'invoice' | 'credit_note';
  /** F-2026-000123 ou AV-2026-000004 */
  number: string;
}

/** Une facture ou un avoir émis par l'agence (numérotation continue, par année). */
export class LegalInvoiceDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ enum: ['invoice', 'credit_note'], enumName: 'LegalInvoiceKind' })
  kind: 'invoice' | 'credit_note';
  /** F-2026-000123 ou AV-2026-000004 */
  number: string;
  @ApiProperty({ format: 'date-time' })
  issuedAt: string;
  /** Date du paiement (facture) ou du remboursement (avoir) */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  paidAt: string | null;
  /** Pour un avoir : le numéro de la facture qu'il corrige */
  @ApiProperty({ type: String, nullable: true })
  creditedNumber: string | null;
  /** Pour une facture rectificative : le numéro de la facture qu'elle annule et remplace */
  @ApiProperty({ type: String, nullable: true })
  replacesNumber: string | null;
  /** Le client tel que la facture le nomme (entreprise ou personne) */
  buyerName: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  userId: string | null;
  /** Montants en centimes */
  totalExclCents: number;
  vatCents: number;
  totalInclCents: number;
}

export class LegalInvoiceListDto {
  @ApiProperty({ type: [LegalInvoiceDto] })
  legalInvoices: LegalInvoiceDto[];
  total: number;
}

export class LegalInvoiceQueryDto extends PageQueryDto {
  /** Factures, avoirs, ou les deux */
  @EnumField(LEGAL_KIND_FILTERS, { name: 'LegalInvoiceKindFilter', invalid: 'Type de document invalide', optional: true, default: 'all' })
  kind?: (typeof LEGAL_KIND_FILTERS)[number] = 'all';
}

export class AdminLegalInvoiceQueryDto extends LegalInvoiceQueryDto {
  /** Les documents d'un client */
  @UuidField('Client invalide', { optional: true })
  userId?: string;
}

/** La période à exporter pour le comptable : du `from` au `to` inclus (dates, heure de Paris). */
export class AccountingExportQueryDto {
  /** Premier jour (AAAA-MM-JJ) */
  @DateField({ required: 'La date de début est requise', invalid: 'Date de début invalide (AAAA-MM-JJ)' })
  from: string;
  /** Dernier jour inclus (AAAA-MM-JJ) */
  @DateField({ required: 'La date de fin est requise', invalid: 'Date de fin invalide (AAAA-MM-JJ)' })
  to: string;
}
