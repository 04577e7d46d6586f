/**
 * The order wizard without React: its steps and transitions (spec §4), each step's rules with the spec's French
 * messages (§5), the photo checks (§9) and the price recap (§9's rule). The components only render what this says.
 * The messages, limits, photo rules and recap rule are the server's (@vitrine/domain); the form's types are the
 * generated DTOs.
 */
import type { BillingInfoDto, DisplayEmailChoice, DomainChoice, LogoOption, OrderFormDto, PaidPlanType } from '../../api/generated/model';
import { DomainTld, OrderStep } from '../../api/generated/model';
import {
  COMPANY_IDENTITY_FIELDS,
  type CompanyFieldSpec,
  type CompanyIdentityField,
  distinctAddresses,
  EMAIL_ADDRESS,
  EMPTY_BUYER_IDENTITY,
  isHttpUrl,
  isPaidPlanId,
  isPhoneLongEnough,
  linkInvalidMessage,
  LOCAL_PART,
  MIN_ABOUT_LENGTH,
  MIN_SITE_NAME_LENGTH,
  newOrderForm,
  ORDER_MESSAGES,
  PHOTO_RULES,
  type PriceList,
  PROMISES,
  type Recap,
  recapAt,
} from '@vitrine/domain';

export {
  addressesAt,
  DOMAIN_TO_BE_DEFINED,
  FORM_LIMITS,
  isHttpUrl,
  LOCAL_PART,
  MAX_LENGTHS,
  MIN_ABOUT_LENGTH,
  MIN_PHONE_DIGITS,
  MIN_SITE_NAME_LENGTH,
  type Recap,
  type RecapLine,
} from '@vitrine/domain';
export type { DisplayEmailChoice, DomainChoice, LogoOption };
export { DomainTld };

// ---------------------------------------------------------------------------------------------------------------
// Steps and transitions
// ---------------------------------------------------------------------------------------------------------------

export type Step = OrderStep;
export const STEPS: readonly Step[] = Object.values(OrderStep);

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
  | { type: 'resume'; step: Step; prefersCall: boolean | null }
  /** The browser's Back or Forward, a reload or a shared link: a step already checked by `reachableStep`. */
  | { type: 'goto'; step: Step };

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
    case 'goto':
      return action.step === state.step ? state : { ...state, step: action.step };
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

export type PlanType = PaidPlanType;

export const DOMAIN_TLDS: readonly DomainTld[] = Object.values(DomainTld);

/** A row of a growing list (react-hook-form's field arrays hold objects). */
export interface ListEntry {
  value: string;
}

/**
 * Spec §3's order form, as the wizard edits it: the API's form (OrderFormDto) with its growing lists as rows (the
 * field arrays of react-hook-form) and the plan (the Business toggle and the recap's choice).
 */
export type OrderFormValues = Omit<OrderFormDto, 'services' | 'socialLinks' | 'extraEmails'> & {
  services: ListEntry[];
  socialLinks: ListEntry[];
  extraEmails: ListEntry[];
  planType: PlanType;
};

/** The spec's defaults: existing domain in .fr, pro address contact@, no logo; one empty service and link row. */
export function defaultOrderValues(planType: PlanType = 'pro', currentEmail = ''): OrderFormValues {
  const form = newOrderForm();
  const rows = (list: string[]) => list.map((value) => ({ value }));
  return {
    ...form,
    currentEmail,
    services: rows(form.services),
    socialLinks: rows(form.socialLinks),
    extraEmails: rows(form.extraEmails),
    planType,
  };
}

/** The plan of the URL: `plan=business` turns the business toggle on; `plan=basic` (or pro) is Pro; else none. */
export function planFromQuery(value: string | null): PlanType | null {
  if (value === 'basic') return 'pro';
  return isPaidPlanId(value) ? value : null;
}

export const planOf = (values: Pick<OrderFormValues, 'planType'>): PlanType => values.planType;

// ---------------------------------------------------------------------------------------------------------------
// Rules and messages (spec §5, word for word)
// ---------------------------------------------------------------------------------------------------------------

export const orderMessages = { ...ORDER_MESSAGES, linkInvalid: linkInvalidMessage } as const;

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
    return EMAIL_ADDRESS.test(email) || orderMessages.emailInvalid;
  },
  /** Optional; when filled, at least 9 digits (spaces, dots and +33 allowed around them). */
  phone(value: string): true | string {
    return isPhoneLongEnough(value) || orderMessages.phoneTooShort;
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

/**
 * The step a URL may show (the browser's Back and Forward, a reload, a shared link): the one asked for when every
 * step before it on the buyer's path is complete, else the first that is not — never past a step whose answers are
 * missing, never on 2 or 3 for a buyer who chose the call, never beyond 1.5 before the choice.
 */
export function reachableStep(target: Step, prefersCall: boolean | null, values: OrderFormValues): Step {
  if (target === '1') return '1';
  if (!canContinue('1', values)) return '1';
  if (target === '1.5' || prefersCall === null) return '1.5';
  if (prefersCall) return '4';
  for (const step of ['2', '3'] as const) {
    if (target === step || !canContinue(step, values)) return step;
  }
  return '4';
}

// ---------------------------------------------------------------------------------------------------------------
// Billing (the modal of 'Finaliser ma commande')
// ---------------------------------------------------------------------------------------------------------------

export type BillingValues = BillingInfoDto;

export const emptyBilling = (): BillingValues => ({ ...EMPTY_BUYER_IDENTITY });

export const billingRules: Record<keyof BillingValues, (value: string, values: BillingValues) => true | string> = {
  fullName: rules.required(orderMessages.fullNameRequired),
  email: rules.email,
  phone: () => true,
  address: rules.required(orderMessages.addressRequired),
  city: rules.required(orderMessages.cityRequired),
  postalCode: rules.required(orderMessages.postalCodeRequired),
  buyerType: () => true,
  // A company's fields (@vitrine/domain): required of a company as the table says; its identifiers are checked by the
  // server (SIREN key, VAT number of the SIREN), whose messages show under them.
  ...(Object.fromEntries(
    (COMPANY_IDENTITY_FIELDS as readonly CompanyFieldSpec[]).map(({ field, required }) => [
      field,
      (value: string, values: BillingValues) => values.buyerType !== 'company' || !required || value.trim() !== '' || required,
    ]),
  ) as Record<CompanyIdentityField, (value: string, values: BillingValues) => true | string>),
};

export function billingErrors(values: BillingValues): Partial<Record<keyof BillingValues, string>> {
  const errors: Partial<Record<keyof BillingValues, string>> = {};
  for (const key of Object.keys(billingRules) as (keyof BillingValues)[]) {
    const result = billingRules[key](values[key] ?? '', values);
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

export const DEFAULT_PHOTO_RULES: PhotoRules = PHOTO_RULES;

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

/** The parts of GET /api/catalogue the recap reads. */
export type PriceCatalogue = PriceList;

type RecapSelection = Pick<OrderFormValues, 'planType' | 'logoOption' | 'includeGoogleBusiness' | 'includeTrustpilot' | 'extraEmails'>;

/** The distinct, non-empty extra addresses (what is billed 1 € each). */
export function extraEmailsOf(entries: readonly ListEntry[]): string[] {
  return distinctAddresses(entries.map((e) => e.value));
}

/** The recap at the catalogue's prices, by the server's rule; null while a price is missing from them. */
export function computeRecap(catalogue: PriceCatalogue, selection: RecapSelection): Recap | null {
  return recapAt(catalogue, {
    planType: planOf(selection),
    logo: selection.logoOption === 'create',
    googleBusiness: selection.includeGoogleBusiness,
    trustpilot: selection.includeTrustpilot,
    extraEmailCount: extraEmailsOf(selection.extraEmails).length,
  });
}

/** The order page's subtitle, also shown while the wizard loads. */
export const ORDER_PAGE_DESCRIPTION = `Votre site vitrine en ligne sous ${PROMISES.delivery.short}, sans engagement.`;
