/**
 * The order wizard without React: its steps and transitions (spec §4), each step's rules with the spec's French
 * messages (§5), the photo checks (§9) and the price recap (§9's rule). The components only render what this says.
 */
import { EMAIL_PATTERN } from '../../lib/validation';

// ---------------------------------------------------------------------------------------------------------------
// Steps and transitions
// ---------------------------------------------------------------------------------------------------------------

export const STEPS = ['1', '1.5', '2', '3', '4'] as const;
export type Step = (typeof STEPS)[number];

export function isStep(value: unknown): value is Step {
  return typeof value === 'string' && (STEPS as readonly string[]).includes(value);
}

/** What the progress bar and the announcement say of a step: 1.5 is still part of step 1 of 4. */
export const STEP_INFO: Record<Step, { number: 1 | 2 | 3 | 4; title: string }> = {
  '1': { number: 1, title: 'Informations générales' },
  '1.5': { number: 1, title: 'Comment souhaitez-vous continuer ?' },
  '2': { number: 2, title: 'Contenu de votre site' },
  '3': { number: 3, title: 'Design et options' },
  '4': { number: 4, title: 'Validation et paiement' },
};

export const STEP_COUNT = 4;

/** 'Étape 2 sur 4 : Contenu de votre site' (said to screen readers at each step change). */
export function stepAnnouncement(step: Step): string {
  const { number, title } = STEP_INFO[step];
  return `Étape ${number} sur ${STEP_COUNT} : ${title}`;
}

export interface WizardState {
  step: Step;
  /** 1.5's choice: true = 'Réserver un appel', false = 'Continuer le formulaire', null = not made yet. */
  prefersCall: boolean | null;
}

export type WizardAction =
  | { type: 'continue' }
  | { type: 'back' }
  | { type: 'choose'; prefersCall: boolean }
  | { type: 'resume'; step: Step; prefersCall: boolean | null };

/** Where Continue leads from a step (1.5 has no Continue: its two choices decide). */
export function nextStep(step: Step): Step | null {
  switch (step) {
    case '1':
      return '1.5';
    case '2':
      return '3';
    case '3':
      return '4';
    default:
      return null;
  }
}

/** Where Back leads: 4 goes back to 1.5 when the call was chosen, else to 3. */
export function previousStep(step: Step, prefersCall: boolean | null): Step | null {
  switch (step) {
    case '1.5':
      return '1';
    case '2':
      return '1.5';
    case '3':
      return '2';
    case '4':
      return prefersCall ? '1.5' : '3';
    default:
      return null;
  }
}

/**
 * The wizard's transitions. Continue is only dispatched when the step is valid (the button is disabled otherwise);
 * a resumed draft lands on its saved step, but never beyond 1.5 before the choice was made.
 */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'continue': {
      const step = nextStep(state.step);
      return step ? { ...state, step } : state;
    }
    case 'back': {
      const step = previousStep(state.step, state.prefersCall);
      return step ? { ...state, step } : state;
    }
    case 'choose':
      if (state.step !== '1.5') return state;
      return { step: action.prefersCall ? '4' : '2', prefersCall: action.prefersCall };
    case 'resume': {
      const needsChoice = action.step === '2' || action.step === '3' || action.step === '4';
      if (needsChoice && action.prefersCall === null) return { step: '1.5', prefersCall: null };
      // A buyer who chose the call never filled steps 2 and 3: back to the recap.
      if (action.prefersCall === true && (action.step === '2' || action.step === '3')) return { step: '4', prefersCall: true };
      return { step: action.step, prefersCall: action.prefersCall };
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The form
// ---------------------------------------------------------------------------------------------------------------

export type DomainChoice = 'new' | 'existing';
export type DomainTld = '.fr' | '.com' | '.net' | '.org';
export type DisplayEmailChoice = 'personal' | 'pro';
export type LogoOption = 'have' | 'none' | 'create';
export type PlanType = 'pro' | 'business';

export const DOMAIN_TLDS: readonly DomainTld[] = ['.fr', '.com', '.net', '.org'];

/** A row of a growing list (react-hook-form's field arrays hold objects). */
export interface ListEntry {
  value: string;
}

/** Spec §3's order form, as the wizard edits it. */
export interface OrderFormValues {
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
  services: ListEntry[];
  openingHours: string;
  socialLinks: ListEntry[];
  logoOption: LogoOption;
  includeGoogleBusiness: boolean;
  includeTrustpilot: boolean;
  dominantColor: string | null;
  stylePreferences: string[];
  /** The business toggle: on = the Business plan. */
  businessEnabled: boolean;
  businessFeatures: string[];
  specialRequirements: string;
  extraEmails: ListEntry[];
}

/** The spec's defaults: existing domain in .fr, pro address contact@, no logo; one empty service and link row. */
export function defaultOrderValues(planType: PlanType = 'pro', currentEmail = ''): OrderFormValues {
  return {
    siteName: '',
    businessSector: '',
    domainChoice: 'existing',
    domainName: '',
    domainTld: '.fr',
    phone: '',
    currentEmail,
    displayEmailChoice: 'pro',
    proEmailLocalPart: 'contact',
    companyAddress: '',
    oldWebsiteUrl: '',
    tagline: '',
    about: '',
    services: [{ value: '' }],
    openingHours: '',
    socialLinks: [{ value: '' }],
    logoOption: 'none',
    includeGoogleBusiness: false,
    includeTrustpilot: false,
    dominantColor: null,
    stylePreferences: [],
    businessEnabled: planType === 'business',
    businessFeatures: [],
    specialRequirements: '',
    extraEmails: [],
  };
}

/** The plan of the URL: `plan=business` turns the business toggle on; `plan=basic` (or pro) is Pro; else none. */
export function planFromQuery(value: string | null): PlanType | null {
  if (value === 'business') return 'business';
  if (value === 'basic' || value === 'pro') return 'pro';
  return null;
}

export const planOf = (values: Pick<OrderFormValues, 'businessEnabled'>): PlanType => (values.businessEnabled ? 'business' : 'pro');

// ---------------------------------------------------------------------------------------------------------------
// Rules and messages (spec §5, word for word)
// ---------------------------------------------------------------------------------------------------------------

export const orderMessages = {
  siteNameRequired: 'Le nom du site est requis.',
  siteNameTooShort: 'Le nom du site doit contenir au moins 2 caractères.',
  emailRequired: "L'email est requis.",
  emailInvalid: "Format d'email invalide.",
  phoneTooShort: 'Numéro trop court.',
  aboutTooShort: 'Décrivez au moins 30 caractères.',
  servicesRequired: 'Ajoutez au moins un service.',
  linkInvalid: (n: number) => `Lien n°${n} invalide.`,
  extraEmailInvalid: 'Adresse e-mail supplémentaire invalide.',
  fullNameRequired: 'Le nom complet est requis.',
  addressRequired: "L'adresse est requise.",
  cityRequired: 'La ville est requise.',
  postalCodeRequired: 'Le code postal est requis.',
  paymentError: 'Une erreur est survenue lors du paiement. Veuillez réessayer.',
} as const;

export const MIN_ABOUT_LENGTH = 30;
/** The longest text each field takes (the server's limits), set on the inputs so an autosave never fails on length. */
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
} as const;

/** How many rows the growing lists take (the server's limits). */
export const FORM_LIMITS = { services: 20, socialLinks: 10, extraEmails: 20 } as const;
export const MIN_PHONE_DIGITS = 9;
/** Continue on step 1 needs a site name longer than 1 character (spec §5). */
export const MIN_SITE_NAME_LENGTH = 2;

/** Each rule answers true when the value passes, else the message to show (react-hook-form's `validate` shape). */
export const rules = {
  siteName(value: string): true | string {
    const name = value.trim();
    if (name === '') return orderMessages.siteNameRequired;
    return name.length >= MIN_SITE_NAME_LENGTH || orderMessages.siteNameTooShort;
  },
  email(value: string): true | string {
    const email = value.trim();
    if (email === '') return orderMessages.emailRequired;
    return EMAIL_PATTERN.test(email) || orderMessages.emailInvalid;
  },
  /** Optional; when filled, at least 9 digits (spaces, dots and +33 allowed around them). */
  phone(value: string): true | string {
    if (value.trim() === '') return true;
    return value.replace(/\D/g, '').length >= MIN_PHONE_DIGITS || orderMessages.phoneTooShort;
  },
  about(value: string): true | string {
    return value.trim().length >= MIN_ABOUT_LENGTH || orderMessages.aboutTooShort;
  },
  services(entries: readonly ListEntry[]): true | string {
    return entries.some((e) => e.value.trim() !== '') || orderMessages.servicesRequired;
  },
  /** The link at `index` (0-based): empty is fine, else an http or https URL; the message counts from 1. */
  socialLink(value: string, index: number): true | string {
    const link = value.trim();
    return link === '' || isHttpUrl(link) || orderMessages.linkInvalid(index + 1);
  },
  /** The part before @ of an address on the client's domain. */
  extraEmail(value: string): true | string {
    const local = value.trim().toLowerCase();
    return local === '' || LOCAL_PART.test(local) || orderMessages.extraEmailInvalid;
  },
  required(message: string) {
    return (value: string): true | string => value.trim() !== '' || message;
  },
};

/** The local part of an address (what comes before @), as the server accepts it. */
export const LOCAL_PART = /^[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?$/;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export type StepErrors = Partial<Record<string, string>>;

/** Every problem of a step, keyed by the form's field path ('socialLinks.1.value'…); empty when the step is valid. */
export function stepErrors(step: Step, values: OrderFormValues): StepErrors {
  const errors: StepErrors = {};
  const check = (path: string, result: true | string) => {
    if (result !== true) errors[path] = result;
  };
  if (step === '1') {
    check('siteName', rules.siteName(values.siteName));
    check('currentEmail', rules.email(values.currentEmail));
    check('phone', rules.phone(values.phone));
  } else if (step === '2') {
    check('about', rules.about(values.about));
    check('services', rules.services(values.services));
    values.socialLinks.forEach((link, i) => check(`socialLinks.${i}.value`, rules.socialLink(link.value, i)));
  } else if (step === '3') {
    values.extraEmails.forEach((entry, i) => check(`extraEmails.${i}.value`, rules.extraEmail(entry.value)));
  }
  return errors;
}

/** Whether Continue is enabled on a step. */
export function canContinue(step: Step, values: OrderFormValues): boolean {
  return Object.keys(stepErrors(step, values)).length === 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Billing (the modal of 'Finaliser ma commande')
// ---------------------------------------------------------------------------------------------------------------

export interface BillingValues {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
}

export const emptyBilling = (): BillingValues => ({ fullName: '', email: '', phone: '', address: '', city: '', postalCode: '' });

export const billingRules: Record<keyof BillingValues, (value: string) => true | string> = {
  fullName: rules.required(orderMessages.fullNameRequired),
  email: rules.email,
  phone: () => true,
  address: rules.required(orderMessages.addressRequired),
  city: rules.required(orderMessages.cityRequired),
  postalCode: rules.required(orderMessages.postalCodeRequired),
};

export function billingErrors(values: BillingValues): Partial<Record<keyof BillingValues, string>> {
  const errors: Partial<Record<keyof BillingValues, string>> = {};
  for (const key of Object.keys(billingRules) as (keyof BillingValues)[]) {
    const result = billingRules[key](values[key]);
    if (result !== true) errors[key] = result;
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------------------------
// Photos (spec §9: JPG/PNG, 5 MB each, 10 in all); the server checks again, by content
// ---------------------------------------------------------------------------------------------------------------

export interface PhotoRules {
  maxCount: number;
  maxBytes: number;
  contentTypes: readonly string[];
}

export const DEFAULT_PHOTO_RULES: PhotoRules = { maxCount: 10, maxBytes: 5 * 1024 * 1024, contentTypes: ['image/jpeg', 'image/png'] };

const PHOTO_EXTENSIONS = /\.(jpe?g|png)$/i;

export interface PhotoSelection<F extends { name: string; size: number; type: string }> {
  accepted: F[];
  /** One French message per refused file. */
  rejected: string[];
}

/** Sorts the chosen files into those to upload and those refused, given how many photos the order already has. */
export function checkPhotoFiles<F extends { name: string; size: number; type: string }>(
  files: readonly F[],
  existingCount: number,
  photoRules: PhotoRules = DEFAULT_PHOTO_RULES,
): PhotoSelection<F> {
  const accepted: F[] = [];
  const rejected: string[] = [];
  const megabytes = Math.round(photoRules.maxBytes / (1024 * 1024));
  for (const file of files) {
    const typeOk = file.type ? photoRules.contentTypes.includes(file.type) : PHOTO_EXTENSIONS.test(file.name);
    if (!typeOk) rejected.push(`« ${file.name} » n'est pas une image JPG ou PNG.`);
    else if (file.size > photoRules.maxBytes) rejected.push(`« ${file.name} » dépasse ${megabytes} Mo.`);
    else if (existingCount + accepted.length >= photoRules.maxCount)
      rejected.push(`${photoRules.maxCount} photos au maximum : « ${file.name} » n'a pas été ajoutée.`);
    else accepted.push(file);
  }
  return { accepted, rejected };
}

// ---------------------------------------------------------------------------------------------------------------
// Price recap (spec §9): first month = plan + logo + options + e-mails; then the same without the logo
// ---------------------------------------------------------------------------------------------------------------

export interface RecapLine {
  code: string;
  label: string;
  quantity: number;
  amountCents: number;
  /** false: billed once, in the first month (the logo) */
  recurring: boolean;
}

export interface Recap {
  lines: RecapLine[];
  firstMonthCents: number;
  monthlyCents: number;
}

/** The parts of GET /api/catalogue the recap reads. */
export interface PriceCatalogue {
  plans: ReadonlyArray<{ id: string; name: string; monthlyPriceCents: number | null }>;
  addOns: ReadonlyArray<{ id: string; name: string; priceCents: number; billing: 'one_time' | 'monthly' }>;
}

type RecapSelection = Pick<
  OrderFormValues,
  'businessEnabled' | 'logoOption' | 'includeGoogleBusiness' | 'includeTrustpilot' | 'extraEmails'
>;

/** The distinct, non-empty extra addresses (what is billed 1 € each). */
export function extraEmailsOf(entries: readonly ListEntry[]): string[] {
  return [...new Set(entries.map((e) => e.value.trim().toLowerCase()).filter(Boolean))];
}

/** The recap from the catalogue's prices; null while a price is missing from it. */
export function computeRecap(catalogue: PriceCatalogue, selection: RecapSelection): Recap | null {
  const plan = catalogue.plans.find((p) => p.id === planOf(selection));
  if (!plan || plan.monthlyPriceCents === null) return null;
  const lines: RecapLine[] = [
    { code: plan.id, label: `Formule ${plan.name}`, quantity: 1, amountCents: plan.monthlyPriceCents, recurring: true },
  ];
  const add = (id: string, quantity: number): boolean => {
    if (quantity <= 0) return true;
    const addOn = catalogue.addOns.find((a) => a.id === id);
    if (!addOn) return false;
    lines.push({ code: id, label: addOn.name, quantity, amountCents: addOn.priceCents * quantity, recurring: addOn.billing === 'monthly' });
    return true;
  };
  const complete =
    add('logo', selection.logoOption === 'create' ? 1 : 0) &&
    add('googleBusiness', selection.includeGoogleBusiness ? 1 : 0) &&
    add('trustpilot', selection.includeTrustpilot ? 1 : 0) &&
    add('extraEmail', extraEmailsOf(selection.extraEmails).length);
  if (!complete) return null;
  return {
    lines,
    firstMonthCents: lines.reduce((sum, l) => sum + l.amountCents, 0),
    monthlyCents: lines.filter((l) => l.recurring).reduce((sum, l) => sum + l.amountCents, 0),
  };
}
