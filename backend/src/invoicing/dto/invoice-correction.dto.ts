import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsOptional, Max, Min, ValidateNested } from 'class-validator';
import { BooleanField, DateField, TextField } from '../../common/fields';
import { BUYER_TYPES } from '@vitrine/domain';
import { UpdateBillingProfileDto } from './billing-profile.dto';
import { CompanyFieldsOrNull } from './buyer-fields';
import { LegalDocumentRefDto, LegalInvoiceDto } from './legal-invoices.dto';

/** The most lines a corrected invoice may have, and the largest amount of one (100 000 €). */
export const CORRECTION_MAX_LINES = 50;
export const CORRECTION_MAX_LINE_CENTS = 10_000_000;
export const CORRECTION_REASON_MAX = 500;
const LABEL_MAX = 200;

/** A whole number of a JSON body between `min` and `max`, with one French message for anything else. */
function WholeNumberField(options: { min: number; max: number; invalid: string; description?: string }): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ type: 'integer', minimum: options.min, maximum: options.max, description: options.description }),
    IsInt({ message: options.invalid }),
    Min(options.min, { message: options.invalid }),
    Max(options.max, { message: options.invalid }),
  );
}

/** Une ligne de la facture rectificative, son montant TTC en centimes (comme Stripe l'a encaissé). */
export class CorrectedLineDto {
  @TextField({
    required: 'Le libellé de la ligne est requis',
    max: LABEL_MAX,
    tooLong: `Le libellé ne doit pas dépasser ${LABEL_MAX} caractères.`,
  })
  label: string;

  /** Précision sous le libellé (le site, par exemple) */
  @TextField({ optional: true, max: LABEL_MAX, tooLong: `La précision ne doit pas dépasser ${LABEL_MAX} caractères.` })
  detail?: string;

  /** Début de la période facturée (AAAA-MM-JJ) */
  @DateField({ optional: true, required: 'Date de début invalide (AAAA-MM-JJ)', invalid: 'Date de début invalide (AAAA-MM-JJ)' })
  periodStart?: string;

  /** Fin de la période facturée (AAAA-MM-JJ) */
  @DateField({ optional: true, required: 'Date de fin invalide (AAAA-MM-JJ)', invalid: 'Date de fin invalide (AAAA-MM-JJ)' })
  periodEnd?: string;

  @WholeNumberField({ min: 1, max: 1000, invalid: 'La quantité est un nombre entier de 1 à 1 000.' })
  quantity: number;

  /** Montant TTC de la ligne en centimes (négatif pour un crédit au prorata) */
  @WholeNumberField({
    min: -CORRECTION_MAX_LINE_CENTS,
    max: CORRECTION_MAX_LINE_CENTS,
    invalid: 'Le montant TTC est un nombre entier de centimes, de -100 000 € à 100 000 €.',
  })
  amountInclCents: number;
}

/**
 * La correction d'une facture émise : un avoir l'annule et une facture rectificative (nouveau numéro) la remplace,
 * établie à l'identité de l'acheteur donnée ici et, si `lines` est donné, avec ces lignes (même total TTC, celui
 * encaissé) ; sans `lines`, celles de la facture. L'identité est celle d'un profil de facturation, vérifiée de même.
 */
export class CorrectLegalInvoiceDto extends UpdateBillingProfileDto {
  /** Le motif de la correction (journal d'audit, e-mail au client) */
  @TextField({
    required: 'Le motif de la correction est requis',
    max: CORRECTION_REASON_MAX,
    tooLong: `Le motif ne doit pas dépasser ${CORRECTION_REASON_MAX} caractères.`,
  })
  reason: string;

  /** Les lignes corrigées ; absentes : celles de la facture */
  @ApiPropertyOptional({ type: [CorrectedLineDto], maxItems: CORRECTION_MAX_LINES })
  @IsOptional()
  @IsArray({ message: 'Lignes invalides' })
  @ArrayMinSize(1, { message: 'Au moins une ligne' })
  @ArrayMaxSize(CORRECTION_MAX_LINES, { message: `${CORRECTION_MAX_LINES} lignes au plus` })
  @ValidateNested({ each: true })
  @Type(() => CorrectedLineDto)
  lines?: CorrectedLineDto[];

  /** Enregistrer aussi cette identité pour les prochaines factures du client */
  @BooleanField({ optional: true })
  saveToProfile?: boolean;
}

/** Ce que la correction a émis : l'avoir d'annulation et la facture rectificative. */
export class InvoiceCorrectionDto {
  @ApiProperty({ type: LegalDocumentRefDto })
  creditNote: LegalDocumentRefDto;
  @ApiProperty({ type: LegalDocumentRefDto })
  invoice: LegalDocumentRefDto;
}

/** L'acheteur tel que le document le nomme (figé à l'émission). */
export class LegalBuyerDto extends CompanyFieldsOrNull {
  @ApiProperty({ enum: BUYER_TYPES, enumName: 'BuyerType' })
  type: (typeof BUYER_TYPES)[number];
  /** Nom de la personne (le contact, pour une entreprise) */
  name: string;
  address: string;
  postalCode: string;
  city: string;
  countryCode: string;
  email: string;
}

/** Une ligne du document. */
export class LegalLineDto {
  label: string;
  @ApiProperty({ type: String, nullable: true })
  detail: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true })
  periodStart: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true })
  periodEnd: string | null;
  quantity: number;
  /** Prix unitaire HT, en centimes */
  unitPriceExclCents: number;
  /** Total HT de la ligne, en centimes */
  totalExclCents: number;
  /** Total TTC de la ligne, en centimes (la TVA du document répartie entre les lignes au centime près) */
  amountInclCents: number;
}

/** Une facture ou un avoir en détail : l'acheteur, les lignes, la TVA, les documents liés et s'il peut être corrigé. */
export class LegalInvoiceDetailDto extends LegalInvoiceDto {
  /** Date d'émission (AAAA-MM-JJ, heure de Paris) */
  @ApiProperty({ format: 'date' })
  issueDate: string;
  /** Date du paiement ou du remboursement (AAAA-MM-JJ) ; null pour l'avoir d'une correction */
  @ApiProperty({ type: String, format: 'date', nullable: true })
  paymentDate: string | null;
  /** La facture Stripe du paiement (in_…) */
  @ApiProperty({ type: String, nullable: true })
  stripeInvoiceId: string | null;
  @ApiProperty({ type: LegalBuyerDto })
  buyer: LegalBuyerDto;
  @ApiProperty({ type: [LegalLineDto] })
  lines: LegalLineDto[];
  /** Taux de TVA en % ('20', '10', '5.5', '2.1' ; '0' en franchise) */
  vatRatePercent: string;
  /** La mention d'exonération (franchise en base), sinon null */
  @ApiProperty({ type: String, nullable: true })
  vatExemption: string | null;
  /** Les mentions du document */
  mentions: string[];
  /** Pour un avoir : la facture qu'il annule ou rembourse ; pour une facture rectificative : celle qu'elle remplace */
  @ApiProperty({ type: LegalDocumentRefDto, nullable: true })
  refersTo: LegalDocumentRefDto | null;
  /** Les avoirs émis sur cette facture (remboursements, correction) */
  @ApiProperty({ type: [LegalDocumentRefDto] })
  creditNotes: LegalDocumentRefDto[];
  /** La facture rectificative qui la remplace, si elle a été corrigée */
  @ApiProperty({ type: LegalDocumentRefDto, nullable: true })
  replacedBy: LegalDocumentRefDto | null;
  /** Pourquoi elle ne peut pas être corrigée ; null : elle peut l'être */
  @ApiProperty({ type: String, nullable: true })
  notCorrectable: string | null;
}
