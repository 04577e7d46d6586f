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
