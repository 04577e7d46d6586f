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

/**
 * Who an order's invoices are made out to, as the order's billing step collects it: a person, or a company (its name,
 * and optionally its SIREN and VAT number).
 */
export interface BuyerIdentity {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  buyerType: BuyerType;
  companyName: string;
  siren: string;
  vatNumber: string;
}

/** The billing step's fields, in the form's order. */
export const BUYER_IDENTITY_FIELDS = [
  'fullName',
  'email',
  'phone',
  'address',
  'city',
  'postalCode',
  'buyerType',
  'companyName',
  'siren',
  'vatNumber',
] as const satisfies ReadonlyArray<keyof BuyerIdentity>;

export const EMPTY_BUYER_IDENTITY: BuyerIdentity = {
  fullName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  postalCode: '',
  buyerType: 'individual',
  companyName: '',
  siren: '',
  vatNumber: '',
};

/** The fields only a company fills. */
export type CompanyField = 'buyerType' | 'companyName' | 'siren' | 'vatNumber';
export type BuyerCompany = Pick<BuyerIdentity, CompanyField>;

/** The fields a company fills besides choosing to be one, in the forms' order. */
export type CompanyIdentityField = Exclude<CompanyField, 'buyerType'>;

/** How a billing form shows one of a company's fields (the order's billing dialog and the profile's billing card). */
export interface CompanyIdentityInput {
  field: CompanyIdentityField;
  label: string;
  hint?: string;
  autoComplete?: string;
  inputMode?: 'numeric';
  maxLength: number;
  /** Required of a company (its message); the others are optional, checked by the server when given. */
  required?: string;
}

/**
 * A company's fields in the billing forms: the name on its own row, the identifiers two by two below. A new field of
 * a company's identity is one more row here (and in `BuyerIdentity`).
 */
export const COMPANY_IDENTITY_INPUTS = [
  {
    field: 'companyName',
    label: 'Raison sociale',
    autoComplete: 'organization',
    maxLength: MAX_LENGTHS.companyName,
    required: ORDER_MESSAGES.companyNameRequired,
  },
  { field: 'siren', label: 'SIREN (facultatif)', hint: '9 chiffres', inputMode: 'numeric', maxLength: MAX_LENGTHS.companyId },
  {
    field: 'vatNumber',
    label: 'N° de TVA intracommunautaire (facultatif)',
    hint: 'FR, 2 caractères, puis le SIREN',
    maxLength: MAX_LENGTHS.companyId,
  },
] as const satisfies readonly CompanyIdentityInput[];

/** Every company field has its input: the compiler says which one is missing. */
const everyCompanyInput: Record<CompanyIdentityField, true> = {
  ...({} as Record<(typeof COMPANY_IDENTITY_INPUTS)[number]['field'], true>),
};
void everyCompanyInput;

/** A buyer's identity as an order keeps it: drafts saved before the company fields existed lack them (an individual). */
export type SavedBuyerIdentity = Omit<BuyerIdentity, CompanyField> & Partial<BuyerCompany>;

/** The company part of a buyer's identity as it is kept: none for an individual; a company's name trimmed, its identifiers compact. */
export function buyerCompany(b: Partial<Record<CompanyField, string | null>>): BuyerCompany {
  if (b.buyerType !== 'company') return { buyerType: 'individual', companyName: '', siren: '', vatNumber: '' };
  return {
    buyerType: 'company',
    companyName: (b.companyName ?? '').trim(),
    siren: compactId(b.siren ?? ''),
    vatNumber: compactId(b.vatNumber ?? ''),
  };
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
  };
}
