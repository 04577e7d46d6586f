/**
 * The agency's identity and contact details: the one source for the e-mails' footer and, through GET /api/agency,
 * for the public pages (footer, contact page, legal notice, terms of sale). Placeholders: replace with the
 * registered company's details before going live.
 */
export const AGENCY = {
  name: 'Vitrine',
  legalName: 'Vitrine SAS',
  legalForm: 'société par actions simplifiée',
  capital: '5 000 €',
  address: '12 rue des Artisans, 69002 Lyon',
  country: 'France',
  rcs: 'RCS Lyon 912 345 678',
  siret: '912 345 678 00015',
  vat: 'FR 42 912345678',
  director: 'Julien Moreau, Président',
  email: 'support@vitrine.example',
  phone: '01 99 00 24 24',
  phoneHref: 'tel:+33199002424',
  /** Booking service for a 30-minute call */
  bookingUrl: 'https://calendly.com/vitrine-agence/appel-30-minutes',
  legalLine: 'Vitrine SAS au capital de 5 000 € — RCS Lyon 912 345 678 — 12 rue des Artisans, 69002 Lyon',
  host: { name: 'Scaleway SAS', address: '8 rue de la Ville-l’Évêque, 75008 Paris, France', website: 'https://www.scaleway.com' },
} as const;
