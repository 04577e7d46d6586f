/** The agency's public details, shown in every e-mail's footer. */
export const AGENCY = {
  name: 'Vitrine',
  legalName: 'Vitrine SAS',
  // The same identity as the legal pages (frontend/src/features/public/config.ts).
  email: 'support@vitrine.example',
  phone: '01 99 00 24 24',
  address: '12 rue des Artisans, 69002 Lyon',
  legalLine: 'Vitrine SAS au capital de 5 000 € — RCS Lyon 912 345 678 — 12 rue des Artisans, 69002 Lyon',
} as const;
