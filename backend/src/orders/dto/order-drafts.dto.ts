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
  MAX_LENGTHS,
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
import { ADD_ONS, type AddOnId, BUYER_TYPES, ORDER_MESSAGES as M, PLAN_IDS, type PlanId } from '@vitrine/domain';
import {
  BuyerAddressField,
  BuyerCityField,
  BuyerFullNameField,
  BuyerPostalCodeField,
  CheckedCompanyFields,
  CompanyFieldsPatch,
  CompanyFieldsText,
} from '../../invoicing/dto/buyer-fields';
import { ORDER_DRAFT_STATUSES, type OrderDraftStatus } from '../order-draft.entity';
import { PHOTO_SIZES, type PhotoSize } from '../photos/photo-links';

const PLAN = { name: 'PaidPlanType', invalid: 'Formule invalide' } as const;
const tooLong = (what: string, max: number) => `${what} ne doit pas dépasser ${max} caractères.`;
const BUYER = { name: 'BuyerType', invalid: M.buyerTypeInvalid } as const;

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
  @TextField({ optional: true, max: MAX_LENGTHS.siteName, tooLong: tooLong('Le nom du site', MAX_LENGTHS.siteName) })
  siteName?: string;

  @TextField({ optional: true, max: MAX_LENGTHS.businessSector, tooLong: tooLong("Le secteur d'activité", MAX_LENGTHS.businessSector) })
  businessSector?: string;

  @EnumField(DOMAIN_CHOICES, { name: 'DomainChoice', invalid: 'Choix de domaine invalide.', optional: true })
  domainChoice?: DomainChoice;

  /** Nom de domaine souhaité ou existant, sans ou avec son extension */
  @TextField({ optional: true, max: MAX_LENGTHS.domainName, tooLong: tooLong('Le nom de domaine', MAX_LENGTHS.domainName) })
  domainName?: string;

  @EnumField(DOMAIN_TLDS, { name: 'DomainTld', invalid: 'Extension de domaine invalide.', optional: true })
  domainTld?: DomainTld;

  @TextField({ optional: true, max: MAX_LENGTHS.phone, tooLong: tooLong('Le téléphone', MAX_LENGTHS.phone) })
  phone?: string;

  /** Ignoré pour un client connecté : c'est l'e-mail du compte */
  @TextField({ optional: true, max: MAX_LENGTHS.email, tooLong: M.emailInvalid })
  currentEmail?: string;

  @EnumField(DISPLAY_EMAIL_CHOICES, { name: 'DisplayEmailChoice', invalid: "Choix d'adresse e-mail invalide.", optional: true })
  displayEmailChoice?: DisplayEmailChoice;

  @TextField({
    optional: true,
    max: MAX_LENGTHS.proEmailLocalPart,
    tooLong: tooLong("L'adresse professionnelle", MAX_LENGTHS.proEmailLocalPart),
  })
  proEmailLocalPart?: string;

  @TextField({ optional: true, max: MAX_LENGTHS.companyAddress, tooLong: tooLong("L'adresse de l'entreprise", MAX_LENGTHS.companyAddress) })
  companyAddress?: string;

  @TextField({ optional: true, max: MAX_LENGTHS.oldWebsiteUrl, tooLong: tooLong("L'adresse de l'ancien site", MAX_LENGTHS.oldWebsiteUrl) })
  oldWebsiteUrl?: string;

  @TextField({ optional: true, max: MAX_LENGTHS.tagline, tooLong: tooLong('Le slogan', MAX_LENGTHS.tagline) })
  tagline?: string;

  @TextField({ optional: true, max: MAX_LENGTHS.about, tooLong: tooLong('La description', MAX_LENGTHS.about) })
  about?: string;

  @TextListField({
    optional: true,
    maxItems: FORM_LIMITS.services,
    tooMany: `${FORM_LIMITS.services} services au maximum.`,
    maxLength: MAX_LENGTHS.service,
    tooLong: tooLong('Un service', MAX_LENGTHS.service),
  })
  services?: string[];

  @TextField({ optional: true, max: MAX_LENGTHS.openingHours, tooLong: tooLong('Les horaires', MAX_LENGTHS.openingHours) })
  openingHours?: string;

  @TextListField({
    optional: true,
    maxItems: FORM_LIMITS.socialLinks,
    tooMany: `${FORM_LIMITS.socialLinks} liens au maximum.`,
    maxLength: MAX_LENGTHS.socialLink,
    tooLong: tooLong('Un lien', MAX_LENGTHS.socialLink),
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

  @TextField({
    optional: true,
    max: MAX_LENGTHS.specialRequirements,
    tooLong: tooLong('Les demandes particulières', MAX_LENGTHS.specialRequirements),
  })
  specialRequirements?: string;

  /** Adresses supplémentaires sur le domaine (partie avant @), 1 €/mois chacune */
  @TextListField({
    optional: true,
    maxItems: FORM_LIMITS.extraEmails,
    tooMany: `${FORM_LIMITS.extraEmails} adresses supplémentaires au maximum.`,
    maxLength: MAX_LENGTHS.extraEmail,
    tooLong: M.extraEmailInvalid,
    invalid: M.extraEmailInvalid,
    pattern: LOCAL_PART,
    lowerCase: true,
    dropEmpty: true,
  })
  extraEmails?: string[];
}

/** Les informations de facturation en cours de saisie : seules celles envoyées changent. */
export class BillingInfoPatchDto extends CompanyFieldsPatch {
  @TextField({ optional: true, max: MAX_LENGTHS.fullName, tooLong: tooLong('Le nom complet', MAX_LENGTHS.fullName) })
  fullName?: string;
  @TextField({ optional: true, max: MAX_LENGTHS.email, tooLong: M.emailInvalid })
  email?: string;
  @TextField({ optional: true, max: MAX_LENGTHS.phone, tooLong: tooLong('Le téléphone', MAX_LENGTHS.phone) })
  phone?: string;
  @TextField({ optional: true, max: MAX_LENGTHS.address, tooLong: tooLong("L'adresse", MAX_LENGTHS.address) })
  address?: string;
  @TextField({ optional: true, max: MAX_LENGTHS.city, tooLong: tooLong('La ville', MAX_LENGTHS.city) })
  city?: string;
  @TextField({ optional: true, max: MAX_LENGTHS.postalCode, tooLong: tooLong('Le code postal', MAX_LENGTHS.postalCode) })
  postalCode?: string;
  @EnumField(BUYER_TYPES, { ...BUYER, optional: true })
  buyerType?: (typeof BUYER_TYPES)[number];
}

/** Les informations de facturation du paiement (modale « Finaliser ma commande ») ; une entreprise donne ses champs. */
export class CheckoutBillingDto extends CheckedCompanyFields {
  @BuyerFullNameField()
  fullName: string;
  /** Ignoré pour un client connecté : c'est l'e-mail du compte */
  @EmailField({ required: M.emailRequired, invalid: M.emailInvalid })
  email: string;
  @TextField({ optional: true, max: MAX_LENGTHS.phone, tooLong: tooLong('Le téléphone', MAX_LENGTHS.phone) })
  phone?: string;
  @BuyerAddressField()
  address: string;
  @BuyerCityField()
  city: string;
  @BuyerPostalCodeField()
  postalCode: string;
  /** Particulier (par défaut) ou entreprise : à qui les factures sont établies */
  @EnumField(BUYER_TYPES, { ...BUYER, optional: true, default: 'individual' })
  buyerType?: (typeof BUYER_TYPES)[number];
}

/** Enregistrement automatique du brouillon : seuls les champs envoyés changent. */
export class UpdateOrderDraftDto {
  /** La formule de la commande (le choix Business de l'étape 3 et du récapitulatif) */
  @EnumField(PAID_PLAN_TYPES, { ...PLAN, optional: true })
  planType?: PaidPlanType;

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

export class BillingInfoDto extends CompanyFieldsText {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  @ApiProperty({ enum: BUYER_TYPES, enumName: 'BuyerType' })
  buyerType: (typeof BUYER_TYPES)[number];
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
  /** Lien signé vers sa vignette (400 pixels de large au plus), valable comme `url` ; l'image pour une photo sans vignette */
  thumbnailUrl: string;
}

/** Quelle image d'une photo : la photo (par défaut) ou sa vignette */
export class OrderPhotoQueryDto {
  @EnumField(PHOTO_SIZES, { name: 'PhotoSize', invalid: 'Taille de photo invalide.', optional: true, default: 'full' })
  size?: PhotoSize;
}

export class RecapLineDto {
  @ApiProperty({ enum: [...PLAN_IDS, ...ADD_ONS.map((a) => a.id)], enumName: 'RecapLineCode' })
  code: PlanId | AddOnId;
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
  @ApiProperty({ type: Boolean, nullable: true })
  prefersCall: boolean | null;
  @ApiProperty({ enum: ORDER_STEPS, enumName: 'OrderStep' })
  currentStep: OrderStep;
  @ApiProperty({ enum: ORDER_DRAFT_STATUSES, enumName: 'OrderDraftStatus' })
  status: OrderDraftStatus;
  data: OrderFormDto;
  /** Absent until the buyer has typed billing details (never null: a strict reading of the schema refuses it). */
  @ApiProperty({ type: BillingInfoDto, required: false })
  billing?: BillingInfoDto;
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
