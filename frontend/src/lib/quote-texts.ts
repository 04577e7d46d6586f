/** The quote form's French texts (spec §5 and §8, word for word). */
import { PROMISES } from '@vitrine/domain';
export const quoteMessages = {
  fullNameRequired: 'Le nom complet est requis',
  emailRequired: "L'email est requis",
  emailInvalid: "Format d'email invalide",
  phoneRequired: 'Le téléphone est requis',
  descriptionRequired: 'La description du projet est requise',
  successTitle: 'Demande envoyée avec succès !',
  successText: `Nous vous rappellerons dans les ${PROMISES.callback} pour discuter de votre projet.`,
  errorTitle: "Erreur lors de l'envoi",
  errorText: 'Veuillez réessayer ou nous contacter directement.',
  notSpecified: 'Non spécifié',
} as const;
