import { euros } from '../common/format';
import {
  addressesAt,
  type CatalogueRecap,
  COMPANY_IDENTITY_FIELDS,
  type CompanyFieldSpec,
  type CompanyIdentityField,
  computeRecap,
  planOf,
} from '@vitrine/domain';
import {
  type BillingInfo,
  BUSINESS_FEATURES,
  DISPLAY_EMAIL_LABELS,
  DOMAIN_CHOICE_LABELS,
  LOGO_LABELS,
  ORDER_COLORS,
  ORDER_STYLES,
  type OrderFormData,
  type PaidPlanType,
  requestedDomain,
  selectedAddOns,
} from './order-form';

export interface Answer {
  label: string;
  value: string;
}

const NOT_GIVEN = 'Non renseigné';
const text = (value: string) => value.trim() || NOT_GIVEN;
const list = (values: string[]) =>
  values
    .map((v) => v.trim())
    .filter(Boolean)
    .join(', ') || NOT_GIVEN;
const yesNo = (value: boolean) => (value ? 'Oui' : 'Non');
const labelOf = <T extends string>(choices: readonly { value: T; label: string }[], value: T) =>
  choices.find((c) => c.value === value)?.label ?? value;

export { euros };
export const planName = (planType: PaidPlanType) => planOf(planType).name;

export function recapOf(planType: PaidPlanType, data: OrderFormData): CatalogueRecap {
  const { extraEmails, ...options } = selectedAddOns(data);
  return computeRecap({ planType, ...options, extraEmailCount: extraEmails.length });
}

/** Every answer of the order, in the wizard's order, in French, for the team. */
/** The order's plan as the team reads it: 'Pro', 'Business (option Business)'. */
function planAnswer(plan: PaidPlanType): string {
  switch (plan) {
    case 'pro':
      return planName(plan);
    case 'business':
      return `${planName(plan)} (option Business)`;
    default:
      return plan satisfies never;
  }
}

export function orderAnswers(order: { planType: PaidPlanType; prefersCall: boolean | null; data: OrderFormData }): Answer[] {
  const d = order.data;
  const domain = requestedDomain(d);
  const { extraEmails } = selectedAddOns(d);
  return [
    { label: 'Formule', value: planAnswer(order.planType) },
    { label: 'Suite de la commande', value: order.prefersCall ? 'Appel de 30 minutes demandé' : 'Formulaire en ligne' },
    { label: 'Nom du site', value: text(d.siteName) },
    { label: "Secteur d'activité", value: text(d.businessSector) },
    { label: 'Nom de domaine', value: `${DOMAIN_CHOICE_LABELS[d.domainChoice]} : ${domain ?? NOT_GIVEN}` },
    { label: 'Téléphone', value: text(d.phone) },
    { label: 'Email actuel', value: text(d.currentEmail) },
    {
      label: 'Email affiché sur le site',
      value:
        d.displayEmailChoice === 'pro'
          ? `${DISPLAY_EMAIL_LABELS.pro} : ${addressesAt([d.proEmailLocalPart.trim() || 'contact'], domain)}`
          : DISPLAY_EMAIL_LABELS.personal,
    },
    { label: "Adresse de l'entreprise", value: text(d.companyAddress) },
    { label: 'Ancien site', value: text(d.oldWebsiteUrl) },
    { label: 'Slogan', value: text(d.tagline) },
    { label: 'Présentation', value: text(d.about) },
    { label: 'Services', value: list(d.services) },
    { label: "Horaires d'ouverture", value: text(d.openingHours) },
    { label: 'Réseaux sociaux', value: list(d.socialLinks) },
    { label: 'Logo', value: LOGO_LABELS[d.logoOption] },
    { label: 'Fiche Google Business', value: yesNo(d.includeGoogleBusiness) },
    { label: 'Profil Trustpilot', value: yesNo(d.includeTrustpilot) },
    { label: 'Couleur dominante', value: d.dominantColor ? `${labelOf(ORDER_COLORS, d.dominantColor)} (${d.dominantColor})` : NOT_GIVEN },
    { label: 'Style', value: list(d.stylePreferences.map((s) => labelOf(ORDER_STYLES, s))) },
    { label: 'Fonctionnalités Business', value: list(d.businessFeatures.map((f) => labelOf(BUSINESS_FEATURES, f))) },
    { label: 'Demandes particulières', value: text(d.specialRequirements) },
    {
      label: 'Adresses e-mail supplémentaires',
      value: extraEmails.length ? addressesAt(extraEmails, domain) : NOT_GIVEN,
    },
  ];
}

export function billingAnswers(billing: BillingInfo | null): Answer[] {
  const b = billing ?? { fullName: '', email: '', phone: '', address: '', city: '', postalCode: '' };
  const company =
    b.buyerType === 'company'
      ? COMPANY_IDENTITY_FIELDS.map((spec: CompanyFieldSpec) => ({
          label: spec.summaryLabel ?? spec.shortLabel,
          value: text(b[spec.field as CompanyIdentityField] ?? ''),
        }))
      : [];
  return [
    ...company,
    { label: 'Nom complet', value: text(b.fullName) },
    { label: 'Email', value: text(b.email) },
    { label: 'Téléphone', value: text(b.phone) },
    { label: 'Adresse', value: text(`${b.address}, ${b.postalCode} ${b.city}`.replace(/^[\s,]+|[\s,]+$/g, '')) },
  ];
}
