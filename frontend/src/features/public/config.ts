/**
 * Public-site configuration: contact details, the booking service and the hero videos. Every value can be
 * overridden at build time with a VITE_* variable, so the marketing copy never hides a hard-coded address.
 */
const env = import.meta.env;

function setting(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

export const contact = {
  /** Displayed phone number and its tel: link. */
  phoneDisplay: setting(env.VITE_CONTACT_PHONE_DISPLAY, '01 99 00 24 24'),
  phoneHref: `tel:${setting(env.VITE_CONTACT_PHONE, '+33199002424')}`,
  email: setting(env.VITE_SUPPORT_EMAIL, 'support@vitrine.example'),
  /** External scheduling service (a 30-minute call). */
  bookingUrl: setting(env.VITE_BOOKING_URL, 'https://calendly.com/vitrine-agence/appel-30-minutes'),
} as const;

/**
 * The hero video, one per theme, from an embedded video provider (Vimeo's background player by default).
 * The iframe is added only once the page is interactive; the CSP's frame-src must allow the provider's origin.
 */
export const heroVideo = {
  light: setting(env.VITE_HERO_VIDEO_LIGHT_URL, 'https://player.vimeo.com/video/76979871?background=1&autoplay=1&loop=1&muted=1&dnt=1'),
  dark: setting(env.VITE_HERO_VIDEO_DARK_URL, 'https://player.vimeo.com/video/22439234?background=1&autoplay=1&loop=1&muted=1&dnt=1'),
  /** Without a sign of life from the player within this delay, the failure notice shows. */
  timeoutMs: 8000,
} as const;

/** The publisher's identity for the legal pages (replace with the registered company's details). */
export const company = {
  name: 'Vitrine SAS',
  brand: 'Vitrine',
  legalForm: 'société par actions simplifiée',
  capital: '5 000 €',
  address: '12 rue des Artisans, 69002 Lyon, France',
  rcs: 'RCS Lyon 912 345 678',
  siret: '912 345 678 00015',
  vat: 'FR 42 912345678',
  director: 'Julien Moreau, Président',
  host: {
    name: 'Scaleway SAS',
    address: '8 rue de la Ville-l’Évêque, 75008 Paris, France',
    website: 'https://www.scaleway.com',
  },
} as const;
