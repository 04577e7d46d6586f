/**
 * What the agency promises its clients, in one place (issue 38): the public pages, the terms, the client area, the
 * mails and the server's answers state these words and nothing else, so that the promises cannot drift apart again.
 * The public pages keep the specification's exact words ("livré en 24h", "24 heures ouvrées", "moins de 3 heures").
 */
export const PROMISES = {
  /** A new site online, from the complete information (public spec §9: delivery in 24 business hours) */
  delivery: {
    /** 'en ligne en 24h', 'livré en 24h' */
    short: '24h',
    /** 'Livré en 24h ouvrées' */
    shortBusiness: '24h ouvrées',
    /** 'dans un délai de 24 heures ouvrées' */
    long: '24 heures ouvrées',
  },
  /** An answer from the support team (mail, phone, support page, modification request) */
  supportReply: {
    /** 'Notre équipe vous répond en moins de 3 heures' */
    long: 'moins de 3 heures',
    /** '< 3h' on a statistic card */
    short: '< 3h',
  },
  /** A call back from an adviser (a quote request, a call booked in the order) */
  callback: '24h',
} as const;

/** 'Notre équipe vous répond en moins de 3 heures.' */
export const SUPPORT_REPLY_SENTENCE = `Notre équipe vous répond en ${PROMISES.supportReply.long}.`;

const NBSP = '\u00a0';

/**
 * A wait in minutes and seconds (rounded up), never read as a time of day: 897 → '14 min 57 s', 900 → '15 min',
 * 45 → '45 s' (a no-break space between each number and its unit).
 */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const minutes = Math.floor(s / 60);
  const rest = s % 60;
  if (minutes === 0) return `${rest}${NBSP}s`;
  return rest === 0 ? `${minutes}${NBSP}min` : `${minutes}${NBSP}min ${rest}${NBSP}s`;
}

/** The support page's wait, said by the server's 429 and the page alike: '… dans 14 min 57 s.' */
export const supportWaitText = (seconds: number) => `Vous pourrez envoyer un nouveau message dans ${formatWait(seconds)}.`;
