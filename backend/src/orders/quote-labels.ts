import {
  CALLBACK_PREFERENCES,
  type CallbackPreference,
  QUOTE_BUDGETS,
  QUOTE_TIMELINES,
  type QuoteBudget,
  type QuoteTimeline,
} from './quote-request.entity';

/**
 * The quote form's choices in French: the one source, used by the team's mail and served to the browser in the
 * catalogue (the form's options and the admin's list read them there). An empty optional field reads 'Non spécifié'.
 */
export const NOT_SPECIFIED = 'Non spécifié';
export const BUDGET_LABELS: Record<QuoteBudget, string> = {
  '1000-3000': '1 000 € – 3 000 €',
  '3000-5000': '3 000 € – 5 000 €',
  '5000-10000': '5 000 € – 10 000 €',
  '10000+': 'Plus de 10 000 €',
};
export const TIMELINE_LABELS: Record<QuoteTimeline, string> = {
  urgent: 'Urgent (1-2 semaines)',
  normal: 'Normal (1-2 mois)',
  flexible: 'Flexible (3 mois et plus)',
};
export const CALLBACK_LABELS: Record<CallbackPreference, string> = {
  morning: 'Matin (9h-12h)',
  afternoon: 'Après-midi (14h-17h)',
  evening: 'Soir (18h-20h)',
  anytime: 'Peu importe',
};

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

export const QUOTE_OPTIONS = {
  budgets: options(QUOTE_BUDGETS, BUDGET_LABELS),
  timelines: options(QUOTE_TIMELINES, TIMELINE_LABELS),
  callbackPreferences: options(CALLBACK_PREFERENCES, CALLBACK_LABELS),
  notSpecified: NOT_SPECIFIED,
};

/** What every quote request of the public site asks for (the spec's fixed `type`). */
export const QUOTE_REQUEST_TYPE = 'Site web sur mesure';

/**
 * The spec's split of a full name: the last name is every word but the last (or the whole name when it is one word),
 * the first name the last word — 'Jean-Pierre de La Fontaine' → 'Jean-Pierre de La' / 'Fontaine'.
 */
export function splitFullName(fullName: string): { lastName: string; firstName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  return { lastName: words.slice(0, -1).join(' ') || words.join(' '), firstName: words.at(-1) ?? '' };
}
