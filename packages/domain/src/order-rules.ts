/**
 * The order form's rules that the server and the browser both apply: the spec's messages (public site and ordering
 * §5), each field's limits, the mailbox local-part rule, the photo rules (§9) and the price recap rule (§9).
 */

/**
 * A new order's answers (spec §3): an existing domain in .fr, the professional address contact@, no logo, one empty
 * service and link row.
 */
export function newOrderForm() {
  return {
    siteName: '',
    businessSector: '',
    domainChoice: 'existing' as const,
    domainName: '',
    domainTld: '.fr' as const,
    phone: '',
    currentEmail: '',
    displayEmailChoice: 'pro' as const,
    proEmailLocalPart: 'contact',
    companyAddress: '',
    oldWebsiteUrl: '',
    tagline: '',
    about: '',
    services: [''],
    openingHours: '',
    socialLinks: [''],
    logoOption: 'none' as const,
    includeGoogleBusiness: false,
    includeTrustpilot: false,
    dominantColor: null,
    stylePreferences: [] as never[],
    businessFeatures: [] as never[],
    specialRequirements: '',
    extraEmails: [] as string[],
  };
}

/** The spec's messages, word for word. */
export const ORDER_MESSAGES = {
  siteNameRequired: 'Le nom du site est requis.',
  siteNameTooShort: 'Le nom du site doit contenir au moins 2 caractères.',
  emailRequired: "L'email est requis.",
  emailInvalid: "Format d'email invalide.",
  phoneTooShort: 'Numéro trop court.',
  domainInvalid: 'Nom de domaine invalide.',
  aboutTooShort: 'Décrivez au moins 30 caractères.',
  servicesRequired: 'Ajoutez au moins un service.',
  extraEmailInvalid: 'Adresse e-mail supplémentaire invalide.',
  fullNameRequired: 'Le nom complet est requis.',
  addressRequired: "L'adresse est requise.",
  cityRequired: 'La ville est requise.',
  postalCodeRequired: 'Le code postal est requis.',
  buyerTypeInvalid: 'Choisissez particulier ou entreprise.',
  companyNameRequired: "Le nom de l'entreprise est requis.",
  sirenInvalid: 'SIREN invalide : 9 chiffres avec une clé de contrôle correcte.',
  vatNumberInvalid: 'Numéro de TVA invalide : FR, une clé de 2 caractères, puis les 9 chiffres du SIREN.',
  vatNumberMismatch: 'Le numéro de TVA ne correspond pas au SIREN.',
  paymentError: 'Une erreur est survenue lors du paiement. Veuillez réessayer.',
} as const;

/** 'Lien n°2 invalide.' (counted from 1). */
export const linkInvalidMessage = (n: number): string => `Lien n°${n} invalide.`;

/** Continue on step 1 needs a site name longer than 1 character. */
export const MIN_SITE_NAME_LENGTH = 2;
export const MIN_ABOUT_LENGTH = 30;
/** A phone number, when given, has at least 9 digits (spaces, dots and +33 allowed around them). */
export const MIN_PHONE_DIGITS = 9;

/** The longest text each field takes. */
export const MAX_LENGTHS = {
  siteName: 100,
  businessSector: 100,
  domainName: 100,
  phone: 30,
  email: 254,
  proEmailLocalPart: 64,
  companyAddress: 300,
  oldWebsiteUrl: 300,
  tagline: 200,
  about: 5000,
  service: 200,
  openingHours: 1000,
  socialLink: 300,
  extraEmail: 64,
  specialRequirements: 5000,
  fullName: 100,
  address: 200,
  city: 100,
  postalCode: 20,
  companyName: 150,
  companyId: 30,
} as const;

/** Who the invoices are made out to: a person, or a company (its name, and optionally its SIREN and VAT number). */
export const BUYER_TYPES = ['individual', 'company'] as const;

/** How many rows the growing lists take. */
export const FORM_LIMITS = { services: 20, socialLinks: 10, extraEmails: 20 } as const;

/** The local part of an address on the client's domain (what comes before @). */
export const LOCAL_PART = /^[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?$/;

/** An e-mail address as the form accepts it. */
export const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A domain name typed without its scheme (`boulangerie-martin` or `boulangerie-martin.fr`). */
export const DOMAIN_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

/** Photos of an order: JPG and PNG, read from their bytes; 5 MB each, 10 per order. */
export const PHOTO_RULES = { maxCount: 10, maxBytes: 5 * 1024 * 1024, contentTypes: ['image/jpeg', 'image/png'] } as const;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A phone number the form accepts: empty, or at least 9 digits. */
export function isPhoneLongEnough(value: string): boolean {
  return value.trim() === '' || value.replace(/\D/g, '').length >= MIN_PHONE_DIGITS;
}

/** What the recap and the team's mail say instead of a domain when the buyer gave none. */
export const DOMAIN_TO_BE_DEFINED = 'domaine à définir';

/**
 * Mailbox names on the client's domain, as the recap and the team's mail show them: 'contact@martin.fr, devis@martin.fr',
 * or without a domain 'contact, devis (domaine à définir)', never an invented domain.
 */
export function addressesAt(localParts: readonly string[], domain: string | null): string {
  if (domain) return localParts.map((local) => `${local}@${domain}`).join(', ');
  return `${localParts.join(', ')} (${DOMAIN_TO_BE_DEFINED})`;
}

/** The distinct, non-empty extra addresses, lower-cased (what is billed 1 € each). */
export function distinctAddresses(list: readonly string[]): string[] {
  return [...new Set(list.map((e) => e.trim().toLowerCase()).filter(Boolean))];
}

// ---------------------------------------------------------------------------------------------------------------
// Price recap: first month = plan + logo + options + e-mails; then the same without the logo (billed once)
// ---------------------------------------------------------------------------------------------------------------

export interface RecapLine<Code extends string = string> {
  code: Code;
  label: string;
  quantity: number;
  amountCents: number;
  /** false: billed once, in the first month (the logo) */
  recurring: boolean;
}

export interface Recap<Code extends string = string> {
  lines: RecapLine<Code>[];
  firstMonthCents: number;
  monthlyCents: number;
}

/** The prices the recap reads (the catalogue, as GET /api/catalogue serves it). */
export interface PriceList<Code extends string = string> {
  plans: ReadonlyArray<{ id: Code; name: string; monthlyPriceCents: number | null }>;
  addOns: ReadonlyArray<{ id: Code; name: string; priceCents: number; billing: 'one_time' | 'monthly' }>;
}

/** What an order buys (`Plan`: the catalogue's paid plans). */
export interface RecapSelection<Plan extends string = string> {
  planType: Plan;
  logo: boolean;
  googleBusiness: boolean;
  trustpilot: boolean;
  extraEmailCount: number;
}

/** The recap of an order at these prices; null while a price it needs is missing from them. */
export function recapAt<Code extends string>(prices: PriceList<Code>, selection: RecapSelection<string>): Recap<Code> | null {
  const plan = prices.plans.find((p) => p.id === selection.planType);
  if (!plan || plan.monthlyPriceCents === null) return null;
  const lines: RecapLine<Code>[] = [
    { code: plan.id, label: `Formule ${plan.name}`, quantity: 1, amountCents: plan.monthlyPriceCents, recurring: true },
  ];
  const add = (id: string, quantity: number): boolean => {
    if (quantity <= 0) return true;
    const addOn = prices.addOns.find((a) => a.id === id);
    if (!addOn) return false;
    lines.push({
      code: addOn.id,
      label: addOn.name,
      quantity,
      amountCents: addOn.priceCents * quantity,
      recurring: addOn.billing === 'monthly',
    });
    return true;
  };
  const complete =
    add('logo', selection.logo ? 1 : 0) &&
    add('googleBusiness', selection.googleBusiness ? 1 : 0) &&
    add('trustpilot', selection.trustpilot ? 1 : 0) &&
    add('extraEmail', selection.extraEmailCount);
  if (!complete) return null;
  return {
    lines,
    firstMonthCents: lines.reduce((sum, l) => sum + l.amountCents, 0),
    monthlyCents: lines.filter((l) => l.recurring).reduce((sum, l) => sum + l.amountCents, 0),
  };
}
