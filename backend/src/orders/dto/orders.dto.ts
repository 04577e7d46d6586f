import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { NormalizeEmail, Trim } from '../../common/transforms';
import {
  CALLBACK_PREFERENCES,
  type CallbackPreference,
  QUOTE_BUDGETS,
  QUOTE_TIMELINES,
  type QuoteBudget,
  type QuoteTimeline,
} from '../quote-request.entity';

/** '' and 'Non spécifié' mean "not given" for the optional fields. */
const EmptyToUndefined = () =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const v = value.trim();
    return v === '' || v === 'Non spécifié' ? undefined : v;
  });

// Checks run bottom-up and stop at the first failure: "required" sits at the bottom.
export class CreateQuoteDto {
  @Trim()
  @MaxLength(100, { message: 'Le nom complet ne doit pas dépasser 100 caractères' })
  @IsNotEmpty({ message: 'Le nom complet est requis' })
  @IsString({ message: 'Le nom complet est requis' })
  fullName: string;

  @NormalizeEmail()
  @MaxLength(254, { message: "Format d'email invalide" })
  @IsEmail({}, { message: "Format d'email invalide" })
  @IsNotEmpty({ message: "L'email est requis" })
  @IsString({ message: "L'email est requis" })
  email: string;

  @Trim()
  @MaxLength(30, { message: 'Le téléphone ne doit pas dépasser 30 caractères' })
  @IsNotEmpty({ message: 'Le téléphone est requis' })
  @IsString({ message: 'Le téléphone est requis' })
  phone: string;

  @EmptyToUndefined()
  @IsOptional()
  @MaxLength(120, { message: "Le nom de l'entreprise ne doit pas dépasser 120 caractères" })
  @IsString({ message: "Le nom de l'entreprise doit être un texte" })
  company?: string;

  @Trim()
  @MaxLength(5000, { message: 'La description ne doit pas dépasser 5000 caractères' })
  @IsNotEmpty({ message: 'La description du projet est requise' })
  @IsString({ message: 'La description du projet est requise' })
  description: string;

  @EmptyToUndefined()
  @IsOptional()
  @ApiPropertyOptional({ enum: QUOTE_BUDGETS, enumName: 'QuoteBudget' })
  @IsIn(QUOTE_BUDGETS, { message: 'Budget invalide' })
  budget?: QuoteBudget;

  @EmptyToUndefined()
  @IsOptional()
  @ApiPropertyOptional({ enum: QUOTE_TIMELINES, enumName: 'QuoteTimeline' })
  @IsIn(QUOTE_TIMELINES, { message: 'Délai invalide' })
  timeline?: QuoteTimeline;

  /** Créneau de rappel préféré (matin par défaut) */
  @EmptyToUndefined()
  @IsOptional()
  @ApiPropertyOptional({ enum: CALLBACK_PREFERENCES, enumName: 'CallbackPreference', default: 'morning' })
  @IsIn(CALLBACK_PREFERENCES, { message: 'Préférence de rappel invalide' })
  callbackPreference?: CallbackPreference;
}

export class QuoteCreatedResponseDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class QuoteResponseDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  fullName: string;
  email: string;
  phone: string;
  @ApiProperty({ nullable: true, type: String })
  company: string | null;
  description: string;
  @ApiProperty({ enum: QUOTE_BUDGETS, enumName: 'QuoteBudget', nullable: true })
  budget: QuoteBudget | null;
  @ApiProperty({ enum: QUOTE_TIMELINES, enumName: 'QuoteTimeline', nullable: true })
  timeline: QuoteTimeline | null;
  @ApiProperty({ enum: CALLBACK_PREFERENCES, enumName: 'CallbackPreference' })
  callbackPreference: CallbackPreference;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class QuoteListResponseDto {
  quotes: QuoteResponseDto[];
  total: number;
}

export class PlanDto {
  @ApiProperty({ enum: ['pro', 'business', 'teams'], enumName: 'PlanId' })
  id: 'pro' | 'business' | 'teams';
  name: string;
  /** Prix mensuel en centimes ; null = sur devis */
  @ApiProperty({ nullable: true, type: Number })
  monthlyPriceCents: number | null;
  description: string;
  features: string[];
}

export class AddOnDto {
  @ApiProperty({ enum: ['logo', 'googleBusiness', 'trustpilot', 'extraEmail'], enumName: 'AddOnId' })
  id: 'logo' | 'googleBusiness' | 'trustpilot' | 'extraEmail';
  name: string;
  /** Prix en centimes (par unité pour les e-mails) */
  priceCents: number;
  @ApiProperty({ enum: ['one_time', 'monthly'] })
  billing: 'one_time' | 'monthly';
  perUnit: boolean;
  description: string;
}

export class OfferDto {
  /** « À partir de » en centimes par mois */
  fromMonthlyPriceCents: number;
  includedChangeMinutes: number;
  commitment: boolean;
}

export class CatalogueResponseDto {
  plans: PlanDto[];
  addOns: AddOnDto[];
  offer: OfferDto;
}
