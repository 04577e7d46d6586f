/** The agency's public details, shown in every e-mail's footer. */
export const AGENCY = {
  name: 'Vitrine',
  legalName: 'Vitrine SAS',
  email: 'contact@vitrine.example',
  phone: '01 23 45 67 89',
  address: '12 rue de la République, 69002 Lyon',
  legalLine: 'Vitrine SAS au capital de 1 000 € — RCS Lyon 912 345 678 — 12 rue de la République, 69002 Lyon',
} as const;
