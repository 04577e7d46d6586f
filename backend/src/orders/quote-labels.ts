import type { CallbackPreference, QuoteBudget, QuoteTimeline } from './quote-request.entity';

/** French labels for the quote form's choices; an empty optional field reads 'Non spécifié'. */
export const NOT_SPECIFIED = 'Non spécifié';
export const BUDGET_LABELS: Record<QuoteBudget, string> = {
  '1000-3000': '1 000 – 3 000 €',
  '3000-5000': '3 000 – 5 000 €',
  '5000-10000': '5 000 – 10 000 €',
  '10000+': 'Plus de 10 000 €',
};
export const TIMELINE_LABELS: Record<QuoteTimeline, string> = {
  urgent: 'Urgent (1-2 semaines)',
  normal: 'Normal (1-2 mois)',
  flexible: 'Flexible (3+ mois)',
};
export const CALLBACK_LABELS: Record<CallbackPreference, string> = {
  morning: 'Matin (9h-12h)',
  afternoon: 'Après-midi (14h-17h)',
  evening: 'Soir (18h-20h)',
  anytime: 'Peu importe',
};
