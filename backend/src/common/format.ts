/**
 * Money and dates as the product writes them to people (mails, banners, invoice lines), in one place: French formats,
 * Paris time whatever the server's zone.
 */
const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const LONG_DATE = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' });
const SHORT_DATE = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Paris' });

/** 2998 → '29,98 €' (with French spacing) */
export const euros = (cents: number): string => EUROS.format(cents / 100);

/** '12 novembre 2026' */
export const longDate = (date: Date): string => LONG_DATE.format(date);

/** '12/11/2026' */
export const shortDate = (date: Date): string => SHORT_DATE.format(date);

const LONG_DATE_TIME = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

/** '12 novembre 2026 à 14:32' (Paris) */
export const longDateTime = (date: Date): string => LONG_DATE_TIME.format(date);

/** A Stripe time (Unix seconds) as a Date. */
export const fromUnix = (seconds: number): Date => new Date(seconds * 1000);
