import { ApiProperty } from '@nestjs/swagger';
import { PLAN_IDS, type PlanId } from '@vitrine/domain';
import { Transform } from 'class-transformer';
import { EmailField, EnumField, TextField } from '../../common/fields';
import {
  BUSINESS_FEATURE_VALUES,
  type BusinessFeature,
  DOMAIN_TLDS,
  type DomainTld,
  ORDER_COLOR_VALUES,
  ORDER_STYLE_VALUES,
  type OrderColor,
  type OrderStyle,
} from '../order-form';
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

export class CreateQuoteDto {
  @TextField({ required: 'Le nom complet est requis', max: 100, tooLong: 'Le nom complet ne doit pas dépasser 100 caractères' })
  fullName: string;

  @EmailField()
  email: string;

  @TextField({ required: 'Le téléphone est requis', max: 30, tooLong: 'Le téléphone ne doit pas dépasser 30 caractères' })
  phone: string;

  @EmptyToUndefined()
  @TextField({
    optional: true,
    notText: "Le nom de l'entreprise doit être un texte",
    max: 120,
    tooLong: "Le nom de l'entreprise ne doit pas dépasser 120 caractères",
  })
  company?: string;

  @TextField({
    required: 'La description du projet est requise',
    max: 5000,
    tooLong: 'La description ne doit pas dépasser 5000 caractères',
  })
  description: string;

  @EmptyToUndefined()
  @EnumField(QUOTE_BUDGETS, { name: 'QuoteBudget', invalid: 'Budget invalide', optional: true })
  budget?: QuoteBudget;

  @EmptyToUndefined()
  @EnumField(QUOTE_TIMELINES, { name: 'QuoteTimeline', invalid: 'Délai invalide', optional: true })
  timeline?: QuoteTimeline;

  /** Créneau de rappel préféré (matin par défaut) */
  @EmptyToUndefined()
  @EnumField(CALLBACK_PREFERENCES, {
    name: 'CallbackPreference',
    invalid: 'Préférence de rappel invalide',
    optional: true,
    default: 'morning',
  })
  callbackPreference?: CallbackPreference;
}

export class QuoteCreatedResponseDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export class QuoteResponseDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  fullName: string;
  /** Nom : tous les mots du nom complet sauf le dernier (ou le nom entier s'il n'a qu'un mot) */
  lastName: string;
  /** Prénom : le dernier mot du nom complet */
  firstName: string;
  /** Type de la demande */
  @ApiProperty({ enum: ['Site web sur mesure'], enumName: 'QuoteRequestType' })
  requestType: 'Site web sur mesure';
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
  createdAt: string;
}

export class QuoteListResponseDto {
  quotes: QuoteResponseDto[];
  total: number;
}

export class PlanDto {
  @ApiProperty({ enum: PLAN_IDS, enumName: 'PlanId' })
  id: PlanId;
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

/** Un choix d'un champ du formulaire de devis et son libellé */
export class QuoteOptionDto {
  value: string;
  label: string;
}

/** Les choix du formulaire de devis, en français */
export class QuoteOptionsDto {
  @ApiProperty({ type: [QuoteOptionDto] })
  budgets: QuoteOptionDto[];
  @ApiProperty({ type: [QuoteOptionDto] })
  timelines: QuoteOptionDto[];
  @ApiProperty({ type: [QuoteOptionDto] })
  callbackPreferences: QuoteOptionDto[];
  /** Libellé d'un champ facultatif laissé vide */
  notSpecified: string;
}

/** Une couleur dominante proposée */
export class OrderColorOptionDto {
  @ApiProperty({ enum: ORDER_COLOR_VALUES, enumName: 'OrderColor' })
  value: OrderColor;
  label: string;
}

export class OrderStyleOptionDto {
  @ApiProperty({ enum: ORDER_STYLE_VALUES, enumName: 'OrderStyle' })
  value: OrderStyle;
  label: string;
}

export class BusinessFeatureOptionDto {
  @ApiProperty({ enum: BUSINESS_FEATURE_VALUES, enumName: 'BusinessFeature' })
  value: BusinessFeature;
  label: string;
}

/** Les règles des photos d'une commande */
export class PhotoRulesDto {
  /** Nombre de photos au plus par commande */
  maxCount: number;
  /** Taille au plus d'une photo, en octets */
  maxBytes: number;
  @ApiProperty({ enum: ['image/jpeg', 'image/png'], enumName: 'PhotoContentType', isArray: true })
  contentTypes: Array<'image/jpeg' | 'image/png'>;
}

/** Les choix du formulaire de commande, en français */
export class OrderOptionsDto {
  @ApiProperty({ type: [OrderColorOptionDto] })
  colors: OrderColorOptionDto[];
  @ApiProperty({ type: [OrderStyleOptionDto] })
  styles: OrderStyleOptionDto[];
  @ApiProperty({ type: [BusinessFeatureOptionDto] })
  businessFeatures: BusinessFeatureOptionDto[];
  @ApiProperty({ enum: DOMAIN_TLDS, enumName: 'DomainTld', isArray: true })
  domainTlds: DomainTld[];
  photoRules: PhotoRulesDto;
}

export class CatalogueResponseDto {
  plans: PlanDto[];
  addOns: AddOnDto[];
  offer: OfferDto;
  quoteOptions: QuoteOptionsDto;
  orderOptions: OrderOptionsDto;
}
