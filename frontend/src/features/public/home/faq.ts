/** The home page's FAQ (spec §2): shown by the page and given to search engines as a FAQPage (structured-data.ts). */
import { PROMISES } from '@vitrine/domain';
export const FAQ: ReadonlyArray<{ q: string; a: string }> = [
  {
    q: 'En combien de temps mon site est-il en ligne ?',
    a: `Votre site est livré en ${PROMISES.delivery.long} après réception de vos contenus (formulaire rempli ou appel de 30 minutes). Si nous dépassons ce délai, nous vous remboursons un mois d’abonnement.`,
  },
  {
    q: 'Suis-je engagé sur la durée ?',
    a: 'Non. L’abonnement est sans engagement : vous pouvez le résilier à tout moment depuis votre espace client, il reste actif jusqu’à la fin de la période déjà payée.',
  },
  {
    q: 'Qu’est-ce qui est inclus dans l’abonnement ?',
    a: 'Le nom de domaine, l’hébergement, le certificat SSL, les sauvegardes, les modifications de votre site et le support téléphonique. Aucun frais de création n’est facturé.',
  },
  {
    q: 'Quelle différence entre les formules Pro et Business ?',
    a: 'La formule Pro couvre un site vitrine complet. La formule Business ajoute des fonctionnalités métier : prise de rendez-vous, demande de devis, catalogue, blog, galerie, newsletter… ainsi qu’un accompagnement prioritaire.',
  },
  {
    q: 'Puis-je demander des modifications après la mise en ligne ?',
    a: 'Oui : les modifications sont incluses. Envoyez votre demande depuis votre espace client ou par téléphone, nous nous en occupons rapidement.',
  },
  {
    q: 'Le site m’appartient-il ?',
    a: 'Vos textes, photos, logo et nom de domaine vous appartiennent. Si vous résiliez, nous vous aidons à transférer votre nom de domaine et vous remettons vos contenus.',
  },
  {
    q: 'Et si le site ne me plaît pas ?',
    a: 'Nous ajustons le design avec vous jusqu’à ce qu’il vous convienne. Et si vous n’êtes pas satisfait, vous êtes remboursé pendant 30 jours, sous 5 jours ouvrés.',
  },
  {
    q: 'Mon site sera-t-il visible sur Google ?',
    a: 'Chaque site est optimisé pour le référencement naturel : structure, vitesse, adaptation au mobile et balises. Nous pouvons aussi créer et suivre votre fiche Google Business en option.',
  },
  {
    q: 'Comment se passe le paiement ?',
    a: 'Par carte bancaire, via une plateforme de paiement sécurisée. Vous êtes prélevé chaque mois et retrouvez toutes vos factures dans votre espace client.',
  },
];
