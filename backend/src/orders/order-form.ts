/**
 * The order form of the wizard (spec "public site and ordering" §3): its fields, their choices with French labels
 * (served in the catalogue, used in the team's mail), their defaults, and the checks a draft must pass before it can
 * be paid (§5, the spec's messages). The one source for the server and, through GET /api/catalogue, the browser; the
 * messages, limits and recap rule the browser applies itself are in @vitrine/domain (order-rules.ts), shared by both.
 */
import {
  addOnOf,
  distinctAddresses,
  euros,
  DOMAIN_NAME,
  EMAIL_ADDRESS,
  isHttpUrl,
  isPhoneLongEnough,
  linkInvalidMessage,
  MIN_ABOUT_LENGTH,
  MIN_SITE_NAME_LENGTH,
  newOrderForm,
  ORDER_MESSAGES as M,
  EMPTY_BUYER_IDENTITY,
  PAID_PLAN_IDS,
  type PaidPlanId,
  type SavedBuyerIdentity,
} from '@vitrine/domain';

/** The plans an order can take: the catalogue's paid plans. */
export const PAID_PLAN_TYPES = PAID_PLAN_IDS;
export type PaidPlanType = PaidPlanId;

export const ORDER_STEPS = ['1', '1.5', '2', '3', '4'] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

export const DOMAIN_CHOICES = ['new', 'existing'] as const;
export type DomainChoice = (typeof DOMAIN_CHOICES)[number];
export const DOMAIN_TLDS = ['.fr', '.com', '.net', '.org'] as const;
export type DomainTld = (typeof DOMAIN_TLDS)[number];
export const DISPLAY_EMAIL_CHOICES = ['personal', 'pro'] as const;
export type DisplayEmailChoice = (typeof DISPLAY_EMAIL_CHOICES)[number];
export const LOGO_OPTIONS = ['have', 'none', 'create'] as const;
export type LogoOption = (typeof LOGO_OPTIONS)[number];

export interface Choice<T extends string> {
  value: T;
  label: string;
}

/** The dominant-colour picker's eight colours (lower-case hex). */
export const ORDER_COLORS = [
  { value: '#2563eb', label: 'Bleu' },
  { value: '#0d9488', label: 'Turquoise' },
  { value: '#16a34a', label: 'Vert' },
  { value: '#ca8a04', label: 'Moutarde' },
  { value: '#ea580c', label: 'Orange' },
  { value: '#dc2626', label: 'Rouge' },
  { value: '#7c3aed', label: 'Violet' },
  { value: '#334155', label: 'Anthracite' },
] as const satisfies readonly Choice<string>[];
export type OrderColor = (typeof ORDER_COLORS)[number]['value'];
export const ORDER_COLOR_VALUES = ORDER_COLORS.map((c) => c.value) as OrderColor[];

export const ORDER_STYLES = [
  { value: 'moderne', label: 'Moderne' },
  { value: 'classique', label: 'Classique' },
  { value: 'elegant', label: 'Élégant' },
  { value: 'colore', label: 'Coloré' },
] as const satisfies readonly Choice<string>[];
export type OrderStyle = (typeof ORDER_STYLES)[number]['value'];
export const ORDER_STYLE_VALUES = ORDER_STYLES.map((s) => s.value) as OrderStyle[];

export const BUSINESS_FEATURES = [
  { value: 'quote-form', label: 'Formulaire de devis' },
  { value: 'blog', label: 'Blog' },
  { value: 'booking', label: 'Réservation en ligne' },
  { value: 'ecommerce', label: 'Boutique en ligne' },
  { value: 'gallery', label: 'Galerie photos' },
  { value: 'testimonials', label: 'Avis clients' },
  { value: 'newsletter', label: 'Newsletter' },
  { value: 'contact-form', label: 'Formulaire de contact' },
  { value: 'appointment', label: 'Prise de rendez-vous' },
  { value: 'catalog', label: 'Catalogue produits' },
  { value: 'pricing', label: 'Grille tarifaire' },
] as const satisfies readonly Choice<string>[];
export type BusinessFeature = (typeof BUSINESS_FEATURES)[number]['value'];
export const BUSINESS_FEATURE_VALUES = BUSINESS_FEATURES.map((f) => f.value) as BusinessFeature[];

export const DOMAIN_CHOICE_LABELS: Record<DomainChoice, string> = { new: 'Nouveau nom de domaine', existing: 'Nom de domaine existant' };
export const DISPLAY_EMAIL_LABELS: Record<DisplayEmailChoice, string> = {
  personal: 'Adresse e-mail actuelle',
  pro: 'Adresse e-mail professionnelle',
};
export const LOGO_LABELS: Record<LogoOption, string> = {
  have: "J'ai déjà un logo",
  none: 'Pas de logo',
  create: `Création de logo (${euros(addOnOf('logo').priceCents)})`,
};

export { FORM_LIMITS, LOCAL_PART, MAX_LENGTHS, PHOTO_RULES } from '@vitrine/domain';

export interface OrderFormData {
  siteName: string;
  businessSector: string;
  domainChoice: DomainChoice;
  domainName: string;
  domainTld: DomainTld;
  phone: string;
  currentEmail: string;
  displayEmailChoice: DisplayEmailChoice;
  proEmailLocalPart: string;
  companyAddress: string;
  oldWebsiteUrl: string;
  tagline: string;
  about: string;
  services: string[];
  openingHours: string;
  socialLinks: string[];
  logoOption: LogoOption;
  includeGoogleBusiness: boolean;
  includeTrustpilot: boolean;
  dominantColor: OrderColor | null;
  stylePreferences: OrderStyle[];
  businessFeatures: BusinessFeature[];
  specialRequirements: string;
  extraEmails: string[];
}

/** The order's billing identity (absent company fields: a draft saved before they existed, an individual). */
export type BillingInfo = SavedBuyerIdentity;

/** A new draft's form: the spec's defaults (existing domain in .fr, pro address contact@, no logo), one empty service and link row. */
export function emptyOrderForm(): OrderFormData {
  return newOrderForm();
}

export const EMPTY_BILLING: Required<BillingInfo> = EMPTY_BUYER_IDENTITY;

/**
 * What is missing or wrong before payment, field by field (`data.siteName`…), with the spec's messages: step 1
 * always; steps 2 and 3 unless the buyer chose to book a call instead of filling them.
 */
export function orderFormProblems(data: OrderFormData, prefersCall: boolean | null): Record<string, string> {
  const problems: Record<string, string> = {};
  const siteName = data.siteName.trim();
  if (siteName === '') problems['data.siteName'] = M.siteNameRequired;
  else if (siteName.length < MIN_SITE_NAME_LENGTH) problems['data.siteName'] = M.siteNameTooShort;
  if (data.currentEmail.trim() === '') problems['data.currentEmail'] = M.emailRequired;
  else if (!EMAIL_ADDRESS.test(data.currentEmail.trim())) problems['data.currentEmail'] = M.emailInvalid;
  if (!isPhoneLongEnough(data.phone)) problems['data.phone'] = M.phoneTooShort;
  if (data.domainName.trim() !== '' && !DOMAIN_NAME.test(data.domainName.trim())) problems['data.domainName'] = M.domainInvalid;
  if (prefersCall !== true) {
    if (data.about.trim().length < MIN_ABOUT_LENGTH) problems['data.about'] = M.aboutTooShort;
    if (!data.services.some((s) => s.trim() !== '')) problems['data.services'] = M.servicesRequired;
    const badLink = data.socialLinks.findIndex((link) => link.trim() !== '' && !isHttpUrl(link.trim()));
    if (badLink >= 0) problems['data.socialLinks'] = linkInvalidMessage(badLink + 1);
  }
  return problems;
}

/** The requested domain (`boulangerie-martin.fr`), or null when none was typed. A name typed with its extension keeps it. */
export function requestedDomain(data: OrderFormData): string | null {
  const name = data.domainName
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/.*$/, '');
  if (!name) return null;
  return DOMAIN_TLDS.some((tld) => name.endsWith(tld)) ? name : `${name}${data.domainTld}`;
}

/** The catalogue's add-ons that the form selects. */
export function selectedAddOns(data: OrderFormData): {
  logo: boolean;
  googleBusiness: boolean;
  trustpilot: boolean;
  extraEmails: string[];
} {
  return {
    logo: data.logoOption === 'create',
    googleBusiness: data.includeGoogleBusiness,
    trustpilot: data.includeTrustpilot,
    extraEmails: distinctAddresses(data.extraEmails),
  };
}
