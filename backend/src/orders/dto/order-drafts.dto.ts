import { ApiProperty } from '@nestjs/swagger';
import { BooleanField, EmailField, EnumField, EnumListField, NestedField, TextField, TextListField } from '../../common/fields';
import {
  BUSINESS_FEATURE_VALUES,
  type BusinessFeature,
  DISPLAY_EMAIL_CHOICES,
  type DisplayEmailChoice,
  DOMAIN_CHOICES,
  DOMAIN_TLDS,
  type DomainChoice,
  type DomainTld,
  FORM_LIMITS,
  LOCAL_PART,
  LOGO_OPTIONS,
  type LogoOption,
  ORDER_COLOR_VALUES,
  ORDER_STEPS,
  ORDER_STYLE_VALUES,
  type OrderColor,
  type OrderStep,
  type OrderStyle,
  PAID_PLAN_TYPES,
  type PaidPlanType,
} from '../order-form';
import { ORDER_DRAFT_STATUSES, type OrderDraftStatus } from '../order-draft.entity';

const PLAN = { name: 'PaidPlanType', invalid: 'Formule invalide' } as const;
const tooLong = (what: string, max: number) => `${what} ne doit pas dépasser ${max} caractères.`;

export class CreateOrderDraftDto {
  /** Formule choisie (pro ou business), par exemple depuis `/order?plan=business` */
  @EnumField(PAID_PLAN_TYPES, PLAN)
  planType: PaidPlanType;
}

/**
 * Les champs du formulaire de commande à enregistrer : seuls ceux envoyés changent (une liste envoyée remplace la
 * précédente). Les formats saisis (e-mail, téléphone, description, liens) sont vérifiés au paiement.
 */
export class OrderFormPatchDto {
  @TextField({ optional: true, max: 100, tooLong: tooLong('Le nom du site', 100) })
  siteName?: string;

  @TextField({ optional: true, max: 100, tooLong: tooLong("Le secteur d'activité", 100) })
  businessSector?: string;

  @EnumField(DOMAIN_CHOICES, { name: 'DomainChoice', invalid: 'Choix de domaine invalide.', optional: true })
  domainChoice?: DomainChoice;

  /** Nom de domaine souhaité ou existant, sans ou avec son extension */
  @TextField({ optional: true, max: 100, tooLong: tooLong('Le nom de domaine', 100) })
  domainName?: string;

  @EnumField(DOMAIN_TLDS, { name: 'DomainTld', invalid: 'Extension de domaine invalide.', optional: true })
  domainTld?: DomainTld;

  @TextField({ optional: true, max: 30, tooLong: tooLong('Le téléphone', 30) })
  phone?: string;

  /** Ignoré pour un client connecté : c'est l'e-mail du compte */
  @TextField({ optional: true, max: 254, tooLong: "Format d'email invalide." })
  currentEmail?: string;

  @EnumField(DISPLAY_EMAIL_CHOICES, { name: 'DisplayEmailChoice', invalid: "Choix d'adresse e-mail invalide.", optional: true })
  displayEmailChoice?: DisplayEmailChoice;

  @TextField({ optional: true, max: 64, tooLong: tooLong("L'adresse professionnelle", 64) })
  proEmailLocalPart?: string;

  @TextField({ optional: true, max: 300, tooLong: tooLong("L'adresse de l'entreprise", 300) })
  companyAddress?: string;

  @TextField({ optional: true, max: 300, tooLong: tooLong("L'adresse de l'ancien site", 300) })
  oldWebsiteUrl?: string;

  @TextField({ optional: true, max: 200, tooLong: tooLong('Le slogan', 200) })
  tagline?: string;

  @TextField({ optional: true, max: 5000, tooLong: tooLong('La description', 5000) })
  about?: string;

  @TextListField({
    optional: true,
    maxItems: FORM_LIMITS.services,
    tooMany: `${FORM_LIMITS.services} services au maximum.`,
    maxLength: 200,
    tooLong: tooLong('Un service', 200),
  })
  services?: string[];

  @TextField({ optional: true, max: 1000, tooLong: tooLong('Les horaires', 1000) })
  openingHours?: string;

  @TextListField({
    optional: true,
    maxItems: FORM_LIMITS.socialLinks,
    tooMany: `${FORM_LIMITS.socialLinks} liens au maximum.`,
    maxLength: 300,
    tooLong: tooLong('Un lien', 300),
  })
  socialLinks?: string[];

  @EnumField(LOGO_OPTIONS, { name: 'LogoOption', invalid: 'Option de logo invalide.', optional: true })
  logoOption?: LogoOption;

  @BooleanField({ optional: true })
  includeGoogleBusiness?: boolean;

  @BooleanField({ optional: true })
  includeTrustpilot?: boolean;

  /** Une des 8 couleurs du catalogue (`orderOptions.colors`), ou null */
  @EnumField(ORDER_COLOR_VALUES, { name: 'OrderColor', invalid: 'Couleur invalide.', optional: true, nullable: true })
  dominantColor?: OrderColor | null;

  @EnumListField(ORDER_STYLE_VALUES, { name: 'OrderStyle', invalid: 'Style invalide.', optional: true })
  stylePreferences?: OrderStyle[];

  @EnumListField(BUSINESS_FEATURE_VALUES, { name: 'BusinessFeature', invalid: 'Fonctionnalité invalide.', optional: true })
  businessFeatures?: BusinessFeature[];

  @TextField({ optional: true, max: 5000, tooLong: tooLong('Les demandes particulières', 5000) })
  specialRequirements?: string;

  /** Adresses supplémentaires sur le domaine (partie avant @), 1 €/mois chacune */
  @TextListField({
    optional: true,
    maxItems: FORM_LIMITS.extraEmails,
    tooMany: `${FORM_LIMITS.extraEmails} adresses supplémentaires au maximum.`,
    maxLength: 64,
    tooLong: 'Adresse e-mail supplémentaire invalide.',
    invalid: 'Adresse e-mail supplémentaire invalide.',
    pattern: LOCAL_PART,
    lowerCase: true,
    dropEmpty: true,
  })
  extraEmails?: string[];
}

/** Les informations de facturation en cours de saisie : seules celles envoyées changent. */
export class BillingInfoPatchDto {
  @TextField({ optional: true, max: 100, tooLong: tooLong('Le nom complet', 100) })
  fullName?: string;
  @TextField({ optional: true, max: 254, tooLong: "Format d'email invalide." })
  email?: string;
  @TextField({ optional: true, max: 30, tooLong: tooLong('Le téléphone', 30) })
  phone?: string;
  @TextField({ optional: true, max: 200, tooLong: tooLong("L'adresse", 200) })
  address?: string;
  @TextField({ optional: true, max: 100, tooLong: tooLong('La ville', 100) })
  city?: string;
  @TextField({ optional: true, max: 20, tooLong: tooLong('Le code postal', 20) })
  postalCode?: string;
}

/** Les informations de facturation du paiement (modale « Finaliser ma commande »). */
export class CheckoutBillingDto {
  @TextField({ required: 'Le nom complet est requis.', max: 100, tooLong: tooLong('Le nom complet', 100) })
  fullName: string;
  /** Ignoré pour un client connecté : c'est l'e-mail du compte */
  @EmailField({ required: "L'email est requis.", invalid: "Format d'email invalide." })
  email: string;
  @TextField({ optional: true, max: 30, tooLong: tooLong('Le téléphone', 30) })
  phone?: string;
  @TextField({ required: "L'adresse est requise.", max: 200, tooLong: tooLong("L'adresse", 200) })
  address: string;
  @TextField({ required: 'La ville est requise.', max: 100, tooLong: tooLong('La ville', 100) })
  city: string;
  @TextField({ required: 'Le code postal est requis.', max: 20, tooLong: tooLong('Le code postal', 20) })
  postalCode: string;
}

/** Enregistrement automatique du brouillon : seuls les champs envoyés changent. */
export class UpdateOrderDraftDto {
  /** Change aussi `businessEnabled` (business ⇔ true) */
  @EnumField(PAID_PLAN_TYPES, { ...PLAN, optional: true })
  planType?: PaidPlanType;

  /** Option Business : change aussi `planType` */
  @BooleanField({ optional: true })
  businessEnabled?: boolean;

  /** Étape 1.5 : true = « Réserver un appel », false = « Continuer le formulaire », null = pas encore choisi */
  @BooleanField({ optional: true, nullable: true })
  prefersCall?: boolean | null;

  @EnumField(ORDER_STEPS, { name: 'OrderStep', invalid: 'Étape invalide.', optional: true })
  currentStep?: OrderStep;

  @NestedField(OrderFormPatchDto, { optional: true })
  data?: OrderFormPatchDto;

  @NestedField(BillingInfoPatchDto, { optional: true })
  billing?: BillingInfoPatchDto;
}

/** Tous les champs du formulaire de commande */
export class OrderFormDto {
  siteName: string;
  businessSector: string;
  @ApiProperty({ enum: DOMAIN_CHOICES, enumName: 'DomainChoice' })
  domainChoice: DomainChoice;
  domainName: string;
  @ApiProperty({ enum: DOMAIN_TLDS, enumName: 'DomainTld' })
  domainTld: DomainTld;
  phone: string;
  currentEmail: string;
  @ApiProperty({ enum: DISPLAY_EMAIL_CHOICES, enumName: 'DisplayEmailChoice' })
  displayEmailChoice: DisplayEmailChoice;
  proEmailLocalPart: string;
  companyAddress: string;
  oldWebsiteUrl: string;
  tagline: string;
  about: string;
  services: string[];
  openingHours: string;
  socialLinks: string[];
  @ApiProperty({ enum: LOGO_OPTIONS, enumName: 'LogoOption' })
  logoOption: LogoOption;
  includeGoogleBusiness: boolean;
  includeTrustpilot: boolean;
  @ApiProperty({ enum: ORDER_COLOR_VALUES, enumName: 'OrderColor', nullable: true })
  dominantColor: OrderColor | null;
  @ApiProperty({ enum: ORDER_STYLE_VALUES, enumName: 'OrderStyle', isArray: true })
  stylePreferences: OrderStyle[];
  @ApiProperty({ enum: BUSINESS_FEATURE_VALUES, enumName: 'BusinessFeature', isArray: true })
  businessFeatures: BusinessFeature[];
  specialRequirements: string;
  extraEmails: string[];
}

export class BillingInfoDto {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
}

/** Une photo de la commande */
export class OrderPhotoDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** Nom du fichier envoyé */
  name: string;
  /** Taille en octets (métadonnées retirées) */
  size: number;
  @ApiProperty({ enum: ['image/jpeg', 'image/png'], enumName: 'PhotoContentType' })
  contentType: 'image/jpeg' | 'image/png';
  /** Lien signé vers l'image, utilisable dans une balise img (valable au moins 12 heures) */
  url: string;
}

export class RecapLineDto {
  @ApiProperty({ enum: ['pro', 'business', 'teams', 'logo', 'googleBusiness', 'trustpilot', 'extraEmail'], enumName: 'RecapLineCode' })
  code: 'pro' | 'business' | 'teams' | 'logo' | 'googleBusiness' | 'trustpilot' | 'extraEmail';
  label: string;
  quantity: number;
  /** Montant de la ligne en centimes */
  amountCents: number;
  /** false : facturé une fois, le premier mois (logo) */
  recurring: boolean;
}

/** Le récapitulatif du prix, calculé par le serveur à partir du catalogue */
export class RecapDto {
  @ApiProperty({ type: [RecapLineDto] })
  lines: RecapLineDto[];
  /** Premier mois, en centimes (formule + logo + options + e-mails) */
  firstMonthCents: number;
  /** Mois suivants, en centimes (sans le logo) */
  monthlyCents: number;
}

/** Une commande en cours (ou payée) */
export class OrderDraftDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ enum: PAID_PLAN_TYPES, enumName: 'PaidPlanType' })
  planType: PaidPlanType;
  businessEnabled: boolean;
  @ApiProperty({ type: Boolean, nullable: true })
  prefersCall: boolean | null;
  @ApiProperty({ enum: ORDER_STEPS, enumName: 'OrderStep' })
  currentStep: OrderStep;
  @ApiProperty({ enum: ORDER_DRAFT_STATUSES, enumName: 'OrderDraftStatus' })
  status: OrderDraftStatus;
  data: OrderFormDto;
  @ApiProperty({ type: BillingInfoDto, nullable: true })
  billing: BillingInfoDto | null;
  @ApiProperty({ type: [OrderPhotoDto] })
  photos: OrderPhotoDto[];
  recap: RecapDto;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
  @ApiProperty({ format: 'date-time' })
  updatedAt: string;
}

/** Fichier envoyé en multipart/form-data, champ `file` */
export class UploadOrderPhotoDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'Image JPG ou PNG, 5 Mo au maximum' })
  file: unknown;
}
