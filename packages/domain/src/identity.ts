/**
 * The rules of the agency's and the buyer's identities, pure: French company identifiers as INSEE and the tax
 * office build them (the SIREN, 9 digits, the RCS number; the SIRET, the SIREN and a 5-digit establishment number, with
 * a Luhn key; the intra-EU VAT number, FR, a 2-digit key computed from the SIREN, the SIREN), telephone numbers and web
 * addresses. The server's configuration checks AGENCY_* with them at start, its field decorators (backend
 * common/fields.ts) check an admin's or a buyer's input with them, the browser formats with them.
 */
import { BUYER_TYPES, MAX_LENGTHS, ORDER_MESSAGES } from './order-rules.ts';

/** What people type between the digits (spaces, no-break spaces, dots, dashes) removed; letters upper-cased. */
export const compactId = (value: string): string => value.replace(/[\s.\u00a0\u202f-]/g, '').toUpperCase();

/** The Luhn checksum (ISO/IEC 7812) of a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const isSirenFormat = (value: string): boolean => /^\d{9}$/.test(value);
export const isSiren = (value: string): boolean => isSirenFormat(value) && luhnValid(value);

/** La Poste's establishments share one SIREN and do not follow Luhn: the sum of their digits is a multiple of 5. */
const LA_POSTE = '356000000';

export const isSiretFormat = (value: string): boolean => /^\d{14}$/.test(value);
export function isSiret(value: string): boolean {
  if (!isSiretFormat(value)) return false;
  if (luhnValid(value)) return true;
  return value.startsWith(LA_POSTE) && [...value].reduce((sum, d) => sum + Number(d), 0) % 5 === 0;
}

/** FR, a key of two characters (digits since 1990s numbers; letters for a few old ones), the SIREN. */
export const isFrenchVatFormat = (value: string): boolean => /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/.test(value);

/** The numeric key of the VAT number of a SIREN: (12 + 3 × (SIREN mod 97)) mod 97, on two digits. */
export function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
}

/** Whether a well-formed French VAT number belongs to this SIREN (its last 9 digits, and its key when numeric). */
export function vatMatchesSiren(vat: string, siren: string): boolean {
  if (vat.slice(4) !== siren) return false;
  const key = vat.slice(2, 4);
  return !/^\d{2}$/.test(key) || key === frenchVatKey(siren);
}

/** '912345675' → '912 345 675' */
export const formatSiren = (siren: string): string => siren.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');

/** '91234567500017' → '912 345 675 00017' */
export const formatSiret = (siret: string): string => siret.replace(/^(\d{3})(\d{3})(\d{3})(\d{5})$/, '$1 $2 $3 $4');

/** 'FR65912345675' → 'FR 65 912 345 675' */
export const formatFrenchVat = (vat: string): string => vat.replace(/^FR(\w{2})(\d{3})(\d{3})(\d{3})$/, 'FR $1 $2 $3 $4');

// ---- contact details ----

/** A telephone number as people write it ('01 99 00 24 24', '+33 1 99 00 24 24'): digits, spaces, dots, dashes, brackets. */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[\d\s.()-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 9 && digits <= 15;
}

/** The tel: link of a number: a French national number ('01 99 00 24 24') becomes '+33199002424'. */
export function phoneHref(value: string): string {
  const digits = value.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return `tel:${digits}`;
  if (digits.startsWith('00')) return `tel:+${digits.slice(2)}`;
  if (/^0\d{9}$/.test(digits)) return `tel:+33${digits.slice(1)}`;
  return `tel:${digits}`;
}

/** An absolute https address with a host name that has a dot ('https://calendly.com/…'), without spaces. */
export function isHttpsUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}

// ---- the buyer's billing identity ----

export type BuyerType = (typeof BUYER_TYPES)[number];

/** One check of a company field's value (kept form), with the message of its failure. */
export interface CompanyFieldCheck {
  /** The validator's name (class-validator's constraint) */
  name: string;
  message: string;
  /** The value and the company's other fields, both in their kept form (`buyerCompany`) */
  test: (value: string, company: Readonly<Record<string, string>>) => boolean;
}

/**
 * One field of a company buyer's identity, declared once: how the forms show it, how it is kept and checked, and how
 * the documents, summaries and archives name it. Everything else (the API's bodies and answers, the columns of
 * `billing_profiles`, the frozen buyers, the invoice's buyer, the forms, the displays) is derived from this table.
 */
export interface CompanyFieldSpec {
  field: string;
  /** The forms' label ('SIREN (facultatif)'), hint, autofill, keyboard and maximum length */
  label: string;
  hint?: string;
  autoComplete?: string;
  inputMode?: 'numeric';
  maxLength: number;
  /** Over `maxLength` (a draft's autosave) */
  tooLong: string;
  /** Required of a company (its message); the others are optional, checked when given. */
  required?: string;
  /** 'text': trimmed; 'identifier': compact (no spaces, dots or dashes, upper-case: '912345675') */
  kind: 'text' | 'identifier';
  /** The checks of a value given, in order (the first failure is the field's message) */
  checks?: readonly CompanyFieldCheck[];
  /** The API document's description and example */
  description: string;
  example?: string;
  /** Its name in a display of the buyer (the admin's invoice page) and in the order's summary (the team's mail) */
  shortLabel: string;
  summaryLabel?: string;
  /** Its key in the account's data archive (profil-de-facturation.json) */
  archiveKey: string;
  /** Its line under the buyer's address on the invoice's PDF, if it prints there */
  invoiceLine?: (value: string) => string;
}

/**
 * A company's fields, in the forms' order: its name (the document's name of the buyer) first, then its identifiers.
 * A new field of a company's identity is one more row here (and a migration adding its `billing_profiles` column).
 */
export const COMPANY_IDENTITY_FIELDS = [
  {
    field: 'companyName',
    label: 'Raison sociale',
    autoComplete: 'organization',
    maxLength: MAX_LENGTHS.companyName,
    tooLong: `Le nom de l'entreprise ne doit pas dépasser ${MAX_LENGTHS.companyName} caractères.`,
    required: ORDER_MESSAGES.companyNameRequired,
    kind: 'text',
    description: 'Raison sociale, requise pour une entreprise',
    shortLabel: 'Raison sociale',
    summaryLabel: 'Entreprise',
    archiveKey: 'raisonSociale',
  },
  {
    field: 'siren',
    label: 'SIREN (facultatif)',
    hint: '9 chiffres',
    inputMode: 'numeric',
    maxLength: MAX_LENGTHS.companyId,
    tooLong: ORDER_MESSAGES.sirenInvalid,
    kind: 'identifier',
    checks: [{ name: 'siren', message: ORDER_MESSAGES.sirenInvalid, test: (value) => isSiren(value) }],
    description: "SIREN de l'entreprise (facultatif, 9 chiffres)",
    example: '912 345 675',
    shortLabel: 'SIREN',
    archiveKey: 'siren',
    invoiceLine: (value) => `SIREN ${value}`,
  },
  {
    field: 'vatNumber',
    label: 'N° de TVA intracommunautaire (facultatif)',
    hint: 'FR, 2 caractères, puis le SIREN',
    maxLength: MAX_LENGTHS.companyId,
    tooLong: ORDER_MESSAGES.vatNumberInvalid,
    kind: 'identifier',
    checks: [
      { name: 'frenchVat', message: ORDER_MESSAGES.vatNumberInvalid, test: (value) => isFrenchVatFormat(value) },
      {
        name: 'vatOfSiren',
        message: ORDER_MESSAGES.vatNumberMismatch,
        test: (value, company) => !isSiren(company.siren ?? '') || vatMatchesSiren(value, company.siren),
      },
    ],
    description: "Numéro de TVA intracommunautaire de l'entreprise (facultatif)",
    example: 'FR 65 912 345 675',
    shortLabel: 'N° de TVA',
    archiveKey: 'numeroTva',
    invoiceLine: (value) => `N° TVA intracommunautaire : ${value}`,
  },
] as const satisfies readonly CompanyFieldSpec[];

/** The fields a company fills besides choosing to be one, in the forms' order. */
export type CompanyIdentityField = (typeof COMPANY_IDENTITY_FIELDS)[number]['field'];

/** A company's fields, each a `V` (a text typed or kept; `string | null` where an individual has none). */
export type CompanyIdentity<V = string> = { [K in CompanyIdentityField]: V };

/** The company fields' names, in the table's order. */
export const COMPANY_FIELD_NAMES: readonly CompanyIdentityField[] = COMPANY_IDENTITY_FIELDS.map((spec) => spec.field);

/** The company fields of a record (a form's values, a profile, a document's buyer), the others left out. */
export function companyFieldsOf<V>(source: CompanyIdentity<V>): CompanyIdentity<V> {
  return Object.fromEntries(COMPANY_FIELD_NAMES.map((field) => [field, source[field]])) as CompanyIdentity<V>;
}

/**
 * A company's fields as the database and the documents keep them: an empty or missing one (a row from before the
 * field existed) as null.
 */
export function companyOrNull(company: Partial<CompanyIdentity<string | null>>): CompanyIdentity<string | null> {
  return Object.fromEntries(COMPANY_FIELD_NAMES.map((field) => [field, company[field] || null])) as CompanyIdentity<string | null>;
}

/** A company's fields as a form or an answer shows them: an empty or missing one (null where not given) as ''. */
export function companyAsText(company: Partial<CompanyIdentity<string | null>>): CompanyIdentity {
  return Object.fromEntries(COMPANY_FIELD_NAMES.map((field) => [field, company[field] ?? ''])) as CompanyIdentity;
}

/** The kept form of a company field's value: a text trimmed, an identifier compact. */
export const keptValue = (spec: Pick<CompanyFieldSpec, 'kind'>, value: string): string =>
  spec.kind === 'identifier' ? compactId(value) : value.trim();

/** The message of a company field's first failed check (value and company in their kept form), or true. */
export function companyFieldCheck(spec: CompanyFieldSpec, value: string, company: Readonly<Record<string, string>>): true | string {
  for (const check of spec.checks ?? []) if (!check.test(value, company)) return check.message;
  return true;
}

/**
 * Who an order's invoices are made out to, as the order's billing step collects it: a person, or a company (its name,
 * and optionally its identifiers: COMPANY_IDENTITY_FIELDS).
 */
export interface BuyerIdentity extends CompanyIdentity {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  buyerType: BuyerType;
}

/** The billing step's fields, in the form's order. */
export const BUYER_IDENTITY_FIELDS: ReadonlyArray<keyof BuyerIdentity> = [
  'fullName',
  'email',
  'phone',
  'address',
  'city',
  'postalCode',
  'buyerType',
  ...COMPANY_FIELD_NAMES,
];

const EMPTY_COMPANY = Object.fromEntries(COMPANY_FIELD_NAMES.map((field) => [field, ''])) as CompanyIdentity;

export const EMPTY_BUYER_IDENTITY: BuyerIdentity = {
  fullName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  postalCode: '',
  buyerType: 'individual',
  ...EMPTY_COMPANY,
};

/** The fields only a company fills. */
export type CompanyField = 'buyerType' | CompanyIdentityField;
export type BuyerCompany = Pick<BuyerIdentity, CompanyField>;

/** A buyer's identity as an order keeps it: drafts saved before the company fields existed lack them (an individual). */
export type SavedBuyerIdentity = Omit<BuyerIdentity, CompanyField> & Partial<BuyerCompany>;

/** The company part of a buyer's identity as it is kept: none for an individual; a company's texts trimmed, its identifiers compact. */
export function buyerCompany(b: Partial<Record<CompanyField, string | null>>): BuyerCompany {
  if (b.buyerType !== 'company') return { buyerType: 'individual', ...EMPTY_COMPANY };
  const company = Object.fromEntries(COMPANY_IDENTITY_FIELDS.map((spec) => [spec.field, keptValue(spec, b[spec.field] ?? '')]));
  return { buyerType: 'company', ...(company as CompanyIdentity) };
}

// ---- the agency's identity ----

/** The agency's identity and legal mentions; SIREN, SIRET and VAT number compact (no spaces), the rest as displayed. */
export interface AgencyDetails {
  /** Trade name */
  name: string;
  legalName: string;
  legalForm: string;
  capital: string;
  address: string;
  country: string;
  /** City of the RCS registry ('Lyon' in 'RCS Lyon 912 345 675') */
  rcsCity: string;
  siren: string;
  siret: string;
  vat: string;
  /** Publication director, with their role */
  director: string;
  email: string;
  phone: string;
  /** https: booking of a 30-minute call */
  bookingUrl: string;
  hostName: string;
  hostAddress: string;
  hostWebsite: string;
  /** 'standard' (VAT at `vatRate` on invoices) or 'franchise' (franchise en base: 'TVA non applicable, art. 293 B du CGI') */
  vatRegime: string;
  /** The VAT rate on invoices, in percent: '20', '10', '5.5' or '2.1' */
  vatRate: string;
  /** The consumer mediator the agency has joined (L612-1): its name; '' until it has one */
  mediatorName: string;
  /** Its website (https), where a consumer files a claim; '' when unknown */
  mediatorWebsite: string;
}

/**
 * The agency's identity and the team's address, as the operator sets them: saved by an admin ('Paramètres de
 * l'agence', table `agency_settings`), else the environment's (AGENCY_*, TEAM_EMAIL). SIREN, SIRET and VAT number
 * are kept compact ('912345675'); everything else as displayed.
 */
export interface AgencySettings extends AgencyDetails {
  /** Where the team's mails go (new quote, order, support message…) */
  teamEmail: string;
}

/** Every field of the settings, in the form's order. */
export const AGENCY_SETTINGS_FIELDS = [
  'name',
  'legalName',
  'legalForm',
  'capital',
  'address',
  'country',
  'rcsCity',
  'siren',
  'siret',
  'vat',
  'director',
  'email',
  'phone',
  'bookingUrl',
  'teamEmail',
  'hostName',
  'hostAddress',
  'hostWebsite',
  'vatRegime',
  'vatRate',
  'mediatorName',
  'mediatorWebsite',
] as const satisfies ReadonlyArray<keyof AgencySettings>;

/** What the public pages and the mails show (GET /api/agency): the identifiers formatted, the registration and legal line built. */
export interface AgencyIdentity extends Pick<
  AgencyDetails,
  'name' | 'legalName' | 'legalForm' | 'capital' | 'address' | 'country' | 'siret' | 'vat' | 'director' | 'email' | 'phone' | 'bookingUrl'
> {
  rcs: string;
  phoneHref: string;
  legalLine: string;
  host: { name: string; address: string; website: string };
  /** The consumer mediator (L612-1), null until the agency names one */
  mediator: { name: string; website: string } | null;
}

/**
 * How a consumer's document names the mediator (the CGV's annex, the withdrawal's acknowledgement): its name and
 * website, or, until the agency has joined one, where to ask for it.
 */
export function mediatorText(a: Pick<AgencyIdentity, 'mediator' | 'email'>): string {
  if (!a.mediator)
    return `le médiateur de la consommation dont nous relevons, dont les coordonnées vous sont communiquées sur simple demande à ${a.email}`;
  return a.mediator.website ? `${a.mediator.name} (${a.mediator.website})` : a.mediator.name;
}

export function agencyIdentity(s: AgencyDetails): AgencyIdentity {
  const rcs = `RCS ${s.rcsCity} ${formatSiren(s.siren)}`;
  return {
    name: s.name,
    legalName: s.legalName,
    legalForm: s.legalForm,
    capital: s.capital,
    address: s.address,
    country: s.country,
    rcs,
    siret: formatSiret(s.siret),
    vat: formatFrenchVat(s.vat),
    director: s.director,
    email: s.email,
    phone: s.phone,
    phoneHref: phoneHref(s.phone),
    bookingUrl: s.bookingUrl,
    legalLine: `${s.legalName} au capital de ${s.capital} — ${rcs} — ${s.address}`,
    host: { name: s.hostName, address: s.hostAddress, website: s.hostWebsite },
    mediator: s.mediatorName ? { name: s.mediatorName, website: s.mediatorWebsite } : null,
  };
}
