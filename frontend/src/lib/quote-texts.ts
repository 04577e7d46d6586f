import type { CallbackPreference, QuoteBudget, QuoteTimeline } from '../api/generated/model';

/** The quote form's French texts (spec §5 and §8, word for word). */
export const quoteMessages = {
  fullNameRequired: 'Le nom complet est requis',
  emailRequired: "L'email est requis",
  emailInvalid: "Format d'email invalide",
  phoneRequired: 'Le téléphone est requis',
  descriptionRequired: 'La description du projet est requise',
  successTitle: 'Demande envoyée avec succès !',
  successText: 'Nous vous rappellerons dans les 24h pour discuter de votre projet.',
  errorTitle: "Erreur lors de l'envoi",
  errorText: 'Veuillez réessayer ou nous contacter directement.',
  notSpecified: 'Non spécifié',
} as const;

export const budgetLabels: Record<QuoteBudget, string> = {
  '1000-3000': '1 000 € – 3 000 €',
  '3000-5000': '3 000 € – 5 000 €',
  '5000-10000': '5 000 € – 10 000 €',
  '10000+': 'Plus de 10 000 €',
};

export const timelineLabels: Record<QuoteTimeline, string> = {
  urgent: 'Urgent (1-2 semaines)',
  normal: 'Normal (1-2 mois)',
  flexible: 'Flexible (3 mois et plus)',
};

export const callbackLabels: Record<CallbackPreference, string> = {
  morning: 'Matin (9h-12h)',
  afternoon: 'Après-midi (14h-17h)',
  evening: 'Soir (18h-20h)',
  anytime: 'Peu importe',
};
