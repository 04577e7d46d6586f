import { formatFrenchVat, formatSiren, formatSiret, phoneHref } from '@vitrine/domain';
import type { AgencyDefaults } from '../config/app-config';

/**
 * The agency's identity and the team's address, as the operator sets them: saved by an admin ('Paramètres de
 * l'agence', table `agency_settings`), else the environment's (AGENCY_*, TEAM_EMAIL). SIREN, SIRET and VAT number
 * are kept compact ('912345675'); everything else as displayed.
 */
export interface AgencySettings extends AgencyDefaults {
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

/** What the public pages and the mails show: the identifiers formatted, the registration and legal line built. */
export interface AgencyIdentity {
  name: string;
  legalName: string;
  legalForm: string;
  capital: string;
  address: string;
  country: string;
  rcs: string;
  siret: string;
  vat: string;
  director: string;
  email: string;
  phone: string;
  phoneHref: string;
  bookingUrl: string;
  legalLine: string;
  host: { name: string; address: string; website: string };
}

export function agencyIdentity(s: AgencyDefaults): AgencyIdentity {
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
