/**
 * Between the server's order draft (GET/PATCH /api/order-drafts) and the wizard's form: lists of strings become rows
 * for react-hook-form and back, and an autosave sends only what the server accepts (an extra address still being
 * typed waits until it is valid).
 */
import type { OrderDraftDto, OrderFormDto, OrderPhotoDto, UpdateOrderDraftDto } from '../../api/generated/model';
import {
  defaultOrderValues,
  emptyBilling,
  isStep,
  LOCAL_PART,
  planOf,
  type BillingValues,
  type OrderFormValues,
  type PlanType,
  type Step,
} from './order-wizard';

/** The form as the API holds it. */
export type DraftForm = OrderFormDto;

export type DraftPhoto = OrderPhotoDto;

/** What the wizard reads of an order draft. */
export type DraftSnapshot = Pick<OrderDraftDto, 'id' | 'planType' | 'prefersCall' | 'currentStep' | 'data' | 'billing' | 'photos'> &
  Partial<Pick<OrderDraftDto, 'recap'>>;

/** What an autosave sends: the whole form, the plan, the step and the choice of 1.5; the billing once typed. */
export type DraftPatch = Required<Pick<UpdateOrderDraftDto, 'planType' | 'prefersCall' | 'currentStep'>> & {
  data: OrderFormDto;
  billing?: UpdateOrderDraftDto['billing'];
};

const rows = (list: readonly string[] | undefined, atLeastOne: boolean) => {
  const entries = (list ?? []).map((value) => ({ value }));
  return atLeastOne && entries.length === 0 ? [{ value: '' }] : entries;
};

/** The form filled from a saved draft; `plan` (from the URL) overrides the saved plan when given. */
export function valuesFromDraft(draft: DraftSnapshot, plan: PlanType | null = null): OrderFormValues {
  const defaults = defaultOrderValues(draft.planType);
  const data: Partial<DraftForm> = draft.data;
  return {
    ...defaults,
    ...data,
    services: rows(data.services, true),
    socialLinks: rows(data.socialLinks, true),
    extraEmails: rows(data.extraEmails, false),
    stylePreferences: [...(data.stylePreferences ?? [])],
    businessFeatures: [...(data.businessFeatures ?? [])],
    planType: plan ?? draft.planType,
  };
}

/** The step saved with a draft, or 1. */
export function stepOfDraft(draft: DraftSnapshot): Step {
  return isStep(draft.currentStep) ? draft.currentStep : '1';
}

export function billingFromDraft(draft: DraftSnapshot | null, values: Pick<OrderFormValues, 'currentEmail' | 'phone'>): BillingValues {
  const saved = draft?.billing ?? emptyBilling();
  return {
    ...emptyBilling(),
    ...saved,
    email: saved.email || values.currentEmail.trim(),
    phone: saved.phone || values.phone.trim(),
  };
}

/** The form as the API takes it: lists of strings, extra addresses only once valid. */
export function formForApi(values: OrderFormValues): DraftForm {
  return {
    siteName: values.siteName,
    businessSector: values.businessSector,
    domainChoice: values.domainChoice,
    domainName: values.domainName,
    domainTld: values.domainTld,
    phone: values.phone,
    currentEmail: values.currentEmail,
    displayEmailChoice: values.displayEmailChoice,
    proEmailLocalPart: values.proEmailLocalPart,
    companyAddress: values.companyAddress,
    oldWebsiteUrl: values.oldWebsiteUrl,
    tagline: values.tagline,
    about: values.about,
    services: values.services.map((s) => s.value),
    openingHours: values.openingHours,
    socialLinks: values.socialLinks.map((s) => s.value),
    logoOption: values.logoOption,
    includeGoogleBusiness: values.includeGoogleBusiness,
    includeTrustpilot: values.includeTrustpilot,
    dominantColor: values.dominantColor,
    stylePreferences: [...values.stylePreferences],
    // The options of the Business plan are kept while the toggle is off (turning it back on finds them again).
    businessFeatures: [...values.businessFeatures],
    specialRequirements: values.specialRequirements,
    extraEmails: [...new Set(values.extraEmails.map((e) => e.value.trim().toLowerCase()).filter((e) => LOCAL_PART.test(e)))],
  };
}

export function patchFor(values: OrderFormValues, step: Step, prefersCall: boolean | null, billing?: BillingValues): DraftPatch {
  const planType = planOf(values);
  return {
    planType,
    prefersCall,
    currentStep: step,
    data: formForApi(values),
    ...(billing ? { billing } : {}),
  };
}
