import Handlebars from 'handlebars';
import { PROMISES } from '@vitrine/domain';
import type { MailAgency } from './mail-agency';

/**
 * Every e-mail the product sends: its data, a French subject, an HTML body (wrapped in the one layout) and a
 * plain-text body. Rendered with Handlebars in strict mode: a missing variable is an error, never a blank.
 */
export interface MailTemplates {
  welcome: { name: string; dashboardUrl: string };
  'password-reset': { name: string; resetUrl: string; expiresMinutes: number };
  'first-login': { name: string; firstLoginUrl: string; expiresHours: number };
  'quote-team': {
    fullName: string;
    lastName: string;
    firstName: string;
    requestType: string;
    email: string;
    phone: string;
    company: string;
    description: string;
    budget: string;
    timeline: string;
    callbackPreference: string;
    adminUrl: string;
  };
  'quote-ack': { fullName: string; description: string; callbackPreference: string };
  'payment-failed': { name: string; amount: string; date: string; invoiceUrl: string; dashboardUrl: string };
  'payment-action-required': { name: string; amount: string; date: string; invoiceUrl: string; dashboardUrl: string };
  'payment-reminder': { name: string; amount: string; date: string; days: number; invoiceUrl: string; dashboardUrl: string };
  'modification-request-team': {
    siteName: string;
    domain: string;
    customerName: string;
    customerEmail: string;
    type: string;
    priority: string;
    description: string;
    adminUrl: string;
  };
  'business-options-team': {
    siteName: string;
    customerName: string;
    customerEmail: string;
    answers: Array<{ label: string; value: string }>;
    adminUrl: string;
  };
  'support-team': { name: string; email: string; accountEmail: string; subject: string; message: string };
  'order-receipt': {
    name: string;
    siteName: string;
    planName: string;
    lines: Array<{ label: string; amount: string }>;
    firstMonth: string;
    monthly: string;
    /** What happens next (call booked, or the build starting) */
    nextStep: string;
    /** Where the site is followed; a new account first receives its first-login mail */
    accountNote: string;
    dashboardUrl: string;
    /**
     * A private individual's order (decision 0022): when they asked expressly for the service to start at once and
     * acknowledged losing the withdrawal right once it is fully performed (L221-25, L221-28), repeated on this durable
     * medium (L221-13), with where to withdraw; null for a company
     */
    consumer: { requestedAt: string; withdrawalUrl: string; termsUrl: string } | null;
  };
  'order-team': {
    siteName: string;
    planName: string;
    customerName: string;
    customerEmail: string;
    firstMonth: string;
    monthly: string;
    answers: Array<{ label: string; value: string }>;
    billing: Array<{ label: string; value: string }>;
    /** Each photo's thumbnail, shown as a link to the photo itself (both signed links) */
    photos: Array<{ name: string; url: string; thumbnailUrl: string }>;
    photosNote: string;
    adminUrl: string;
  };
  /** A message an admin writes to a client (subject and body as typed, the greeting included) */
  'admin-message': { subject: string; message: string };
  /**
   * A change of what a client pays or gets (upgrade, cancellation, suspension, restoration, restart…): its words come
   * from mail/billing-notices.ts, the one place that writes them; `lines` (label, value) detail the amounts and dates.
   */
  'account-notice': {
    subject: string;
    name: string;
    paragraphs: string[];
    lines: Array<{ label: string; value: string }>;
    actionLabel: string;
    actionUrl: string;
  };
  /** The team's copy of such a change */
  'team-notice': { subject: string; summary: string; lines: Array<{ label: string; value: string }>; adminUrl: string };
  /** 'Télécharger mes données': the archive is ready, a one-time link valid 24 hours for this account only */
  'data-export-ready': { name: string; downloadUrl: string; expiresAt: string; profileUrl: string };
  /** The account is closed: what happened, what happens next, what is kept and why (sent before the address is erased) */
  'account-closed': {
    name: string;
    closedAt: string;
    /** By whom: the client, or the team on the client's request */
    byTeam: boolean;
    /** One line per site: its subscription's end */
    sites: string[];
    /** When the rest of the personal data goes */
    erasure: string;
    kept: string;
    registerUrl: string;
  };
  /** An admin opened the client's space read only ('Voir comme le client') */
  'client-view-notice': { name: string; at: string; minutes: number; activityUrl: string };
}
export type MailTemplateName = keyof MailTemplates;

interface TemplateSource<T> {
  subject: string;
  html: string;
  text: string;
  /** The data key holding the main link, printed in the console when mail is captured */
  action?: keyof T & string;
  /** The main link carries a one-time token: stored sealed and shown masked (see MailSecrets) */
  secretAction?: true;
  sample: T;
}

const button = (url: string, label: string) =>
  `<p style="margin:28px 0"><a href="{{${url}}}" style="background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:8px;font-weight:600;display:inline-block">${label}</a></p>
<p style="font-size:13px;color:#64748b">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :<br><a href="{{${url}}}" style="color:#4f46e5;word-break:break-all">{{${url}}}</a></p>`;

/** The sample invoice of the payment mails (failed, reminder). */
const paymentSample = {
  name: 'Camille Dupont',
  amount: '59,00 €',
  date: '12/11/2026',
  invoiceUrl: 'http://localhost:12111/invoices/in_exemple',
};

/** A consumer's order receipt: the express request and acknowledgement given at payment (L221-25, L221-28, L221-13). */
const CONSENT =
  'Vous avez commandé en tant que particulier. Le {{consumer.requestedAt}}, au moment du paiement, vous avez demandé expressément que la création de votre site commence sans attendre la fin du délai de rétractation de 14 jours, et reconnu perdre votre droit de rétractation une fois la prestation pleinement exécutée (articles L221-25 et L221-28 du Code de la consommation). Cet e-mail vous le confirme sur un support durable (article L221-13).';
const WITHDRAW =
  'Vous pouvez vous rétracter dans les 14 jours suivant votre commande, sans motif, depuis la page de votre site dans votre espace client, ou par toute déclaration dénuée d’ambiguïté adressée à {{agency.email}}, par exemple avec le modèle ci-dessous.';
const MODEL_FORM =
  'Modèle de formulaire de rétractation : « À l’attention de {{agency.name}}, {{agency.email}} : je vous notifie par la présente ma rétractation du contrat portant sur la prestation de services ci-dessous. Commandé le : … Nom du consommateur : … Adresse du consommateur : … Date : … »';

/** The sample order of the order mails (the client's receipt, the team's notice). */
const orderSample = { siteName: 'Boulangerie Dupont', planName: 'Business', firstMonth: '74,00 €', monthly: '59,00 €' };

export const TEMPLATES: { [K in MailTemplateName]: TemplateSource<MailTemplates[K]> } = {
  welcome: {
    subject: 'Bienvenue chez {{agency.name}} !',
    html: `<h1 style="font-size:22px;margin:0 0 16px">Bienvenue, {{name}} !</h1>
<p>Votre compte client est créé. Depuis votre tableau de bord, vous suivez la création de vos sites, vos factures et votre abonnement.</p>
${button('dashboardUrl', 'Accéder à mon tableau de bord')}
<p>Une question ? Répondez simplement à cet e-mail, notre équipe vous répond en ${PROMISES.supportReply.long}.</p>`,
    text: `Bienvenue, {{name}} !

Votre compte client est créé. Depuis votre tableau de bord, vous suivez la création de vos sites, vos factures et votre abonnement.

Accéder à mon tableau de bord : {{dashboardUrl}}

Une question ? Répondez simplement à cet e-mail, notre équipe vous répond en ${PROMISES.supportReply.long}.`,
    action: 'dashboardUrl',
    sample: { name: 'Camille Dupont', dashboardUrl: 'http://localhost:3000/dashboard' },
  },
  'password-reset': {
    subject: 'Réinitialisation de votre mot de passe',
    html: `<h1 style="font-size:22px;margin:0 0 16px">Bonjour {{name}},</h1>
<p>Vous avez demandé à réinitialiser le mot de passe de votre compte {{agency.name}}. Ce lien est valable {{expiresMinutes}} minutes et ne peut servir qu'une fois.</p>
${button('resetUrl', 'Choisir un nouveau mot de passe')}
<p>Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.</p>`,
    text: `Bonjour {{name}},

Vous avez demandé à réinitialiser le mot de passe de votre compte {{agency.name}}. Ce lien est valable {{expiresMinutes}} minutes et ne peut servir qu'une fois :

{{resetUrl}}

Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.`,
    action: 'resetUrl',
    secretAction: true,
    sample: { name: 'Camille Dupont', resetUrl: 'http://localhost:3000/reset-password?token=exemple', expiresMinutes: 30 },
  },
  'first-login': {
    subject: 'Votre espace client {{agency.name}} est prêt',
    html: `<h1 style="font-size:22px;margin:0 0 16px">Bonjour {{name}},</h1>
<p>Merci pour votre confiance ! Votre espace client est prêt. Choisissez votre mot de passe pour suivre la création de votre site, vos factures et votre abonnement.</p>
${button('firstLoginUrl', 'Créer mon mot de passe')}
<p>Ce lien est valable {{expiresHours}} heures et ne peut servir qu'une fois.</p>`,
    text: `Bonjour {{name}},

Merci pour votre confiance ! Votre espace client est prêt. Choisissez votre mot de passe pour suivre la création de votre site, vos factures et votre abonnement :

{{firstLoginUrl}}

Ce lien est valable {{expiresHours}} heures et ne peut servir qu'une fois.`,
    action: 'firstLoginUrl',
    secretAction: true,
    sample: { name: 'Camille Dupont', firstLoginUrl: 'http://localhost:3000/first-login?token=exemple', expiresHours: 72 },
  },
  'quote-team': {
    subject: 'Nouvelle demande de devis : {{fullName}}',
    html: `<h1 style="font-size:22px;margin:0 0 16px">Nouvelle demande de devis</h1>
<table style="border-collapse:collapse;width:100%;font-size:14px">
<tr><td style="padding:6px 0;color:#64748b;width:40%">Type de demande</td><td style="padding:6px 0">{{requestType}}</td></tr>
<tr><td style="padding:6px 0;color:#64748b">Nom</td><td style="padding:6px 0">{{lastName}}</td></tr>
<tr><td style="padding:6px 0;color:#64748b">Prénom</td><td style="padding:6px 0">{{firstName}}</td></tr>
<tr><td style="padding:6px 0;color:#64748b">Email</td><td style="padding:6px 0"><a href="mailto:{{email}}" style="color:#4f46e5">{{email}}</a></td></tr>
<tr><td style="padding:6px 0;color:#64748b">Téléphone</td><td style="padding:6px 0">{{phone}}</td></tr>
<tr><td style="padding:6px 0;color:#64748b">Entreprise</td><td style="padding:6px 0">{{company}}</td></tr>
<tr><td style="padding:6px 0;color:#64748b">Budget</td><td style="padding:6px 0">{{budget}}</td></tr>
<tr><td style="padding:6px 0;color:#64748b">Délai</td><td style="padding:6px 0">{{timeline}}</td></tr>
<tr><td style="padding:6px 0;color:#64748b">Rappel</td><td style="padding:6px 0">{{callbackPreference}}</td></tr>
</table>
<h2 style="font-size:16px;margin:24px 0 8px">Description du projet</h2>
<p style="white-space:pre-wrap">{{description}}</p>
${button('adminUrl', 'Voir les demandes de devis')}`,
    text: `Nouvelle demande de devis

Type de demande : {{requestType}}
Nom : {{lastName}}
Prénom : {{firstName}}
Email : {{email}}
Téléphone : {{phone}}
Entreprise : {{company}}
Budget : {{budget}}
Délai : {{timeline}}
Rappel : {{callbackPreference}}

Description du projet :
{{description}}

Voir les demandes de devis : {{adminUrl}}`,
    action: 'adminUrl',
    sample: {
      fullName: 'Jean-Pierre de La Fontaine',
      lastName: 'Jean-Pierre de La',
      firstName: 'Fontaine',
      requestType: 'Site web sur mesure',
      email: 'jp@fontaine.fr',
      phone: '06 12 34 56 78',
      company: 'Non spécifié',
      description: 'Un site pour présenter nos fables.',
      budget: '3 000 – 5 000 €',
      timeline: 'Normal (1-2 mois)',
      callbackPreference: 'Matin (9h-12h)',
      adminUrl: 'http://localhost:3000/admin/quotes',
    },
  },
  'quote-ack': {
    subject: 'Nous avons bien reçu votre demande de devis',
    html: `<h1 style="font-size:22px;margin:0 0 16px">Merci {{fullName}} !</h1>
<p>Nous avons bien reçu votre demande de devis. Nous vous rappellerons dans les ${PROMISES.callback} pour discuter de votre projet (créneau souhaité : {{callbackPreference}}).</p>
<p style="color:#64748b;font-size:14px">Votre message :</p>
<blockquote style="margin:0;padding:12px 16px;border-left:3px solid #c7d2fe;background:#f8fafc;white-space:pre-wrap">{{description}}</blockquote>`,
    text: `Merci {{fullName}} !

Nous avons bien reçu votre demande de devis. Nous vous rappellerons dans les ${PROMISES.callback} pour discuter de votre projet (créneau souhaité : {{callbackPreference}}).

Votre message :
{{description}}`,
    sample: {
      fullName: 'Jean-Pierre de La Fontaine',
      description: 'Un site pour présenter nos fables.',
      callbackPreference: 'Matin (9h-12h)',
    },
  },
  'payment-failed': {
    subject: 'Échec du paiement de votre abonnement',
    html: `<h1 style="font-size:22px;margin:0 0 16px">Bonjour {{name}},</h1>
<p>Le paiement de {{amount}} du {{date}} pour votre abonnement {{agency.name}} n'a pas abouti. Votre site reste en ligne pour le moment : réglez la facture, ou changez de carte depuis votre espace client, pour éviter toute interruption.</p>
${button('invoiceUrl', 'Régler maintenant')}
<p>Changer de carte : votre <a href="{{dashboardUrl}}" style="color:#4f46e5">espace client</a>. Besoin d'aide ? Répondez à cet e-mail.</p>`,
    text: `Bonjour {{name}},

Le paiement de {{amount}} du {{date}} pour votre abonnement {{agency.name}} n'a pas abouti. Votre site reste en ligne pour le moment : réglez la facture, ou changez de carte depuis votre espace client, pour éviter toute interruption.

Régler maintenant : {{invoiceUrl}}

Changer de carte : {{dashboardUrl}}
Besoin d'aide ? Répondez à cet e-mail.`,
    action: 'invoiceUrl',
    sample: { ...paymentSample, dashboardUrl: 'http://localhost:3000/dashboard' },
  },
  'payment-action-required': {
    subject: 'Authentification requise pour le paiement de votre abonnement',
    html: `<h1 style="font-size:22px;margin:0 0 16px">Bonjour {{name}},</h1>
<p>Votre banque demande de confirmer le paiement de {{amount}} du {{date}} pour votre abonnement {{agency.name}} (authentification 3-D Secure). Rien n'a été débité : confirmez-le sur la page de la facture pour garder votre site en ligne.</p>
${button('invoiceUrl', 'Authentifier le paiement')}
<p>Vous pouvez aussi changer de carte depuis votre <a href="{{dashboardUrl}}" style="color:#4f46e5">espace client</a>. Besoin d'aide ? Répondez à cet e-mail.</p>`,
    text: `Bonjour {{name}},

Votre banque demande de confirmer le paiement de {{amount}} du {{date}} pour votre abonnement {{agency.name}} (authentification 3-D Secure). Rien n'a été débité : confirmez-le sur la page de la facture pour garder votre site en ligne.

Authentifier le paiement : {{invoiceUrl}}

Changer de carte : {{dashboardUrl}}
Besoin d'aide ? Répondez à cet e-mail.`,
    action: 'invoiceUrl',
    sample: { ...paymentSample, dashboardUrl: 'http://localhost:3000/dashboard' },
  },
  'payment-reminder': {
    subject: 'Rappel : le paiement de votre abonnement est en attente',
    html: `<h1 style="font-size:22px;margin:0 0 16px">Bonjour {{name}},</h1>
<p>Le paiement de {{amount}} du {{date}} pour votre abonnement {{agency.name}} n'a toujours pas abouti, {{days}} jours après le premier essai. Sans règlement, votre site sera suspendu.</p>
${button('invoiceUrl', 'Régler la facture')}
<p>Vous retrouvez toutes vos factures dans votre <a href="{{dashboardUrl}}" style="color:#4f46e5">espace client</a>. Besoin d'aide ? Répondez à cet e-mail.</p>`,
    text: `Bonjour {{name}},

Le paiement de {{amount}} du {{date}} pour votre abonnement {{agency.name}} n'a toujours pas abouti, {{days}} jours après le premier essai. Sans règlement, votre site sera suspendu.

Régler la facture : {{invoiceUrl}}

Vos factures : {{dashboardUrl}}
Besoin d'aide ? Répondez à cet e-mail.`,
    action: 'invoiceUrl',
    sample: { ...paymentSample, days: 3, dashboardUrl: 'http://localhost:3000/dashboard/invoices' },
  },
  'modification-request-team': {
    subject: 'Demande de modification : {{siteName}}',
    html: `<h1 style="font-size:22px;margin:0 0 16px">Demande de modification</h1>
<p><strong>{{customerName}}</strong> ({{customerEmail}}) demande une modification de <strong>{{siteName}}</strong> ({{domain}}).</p>
<p>Type : {{type}}<br>Priorité : {{priority}}</p>
<p style="white-space:pre-wrap">{{description}}</p>
${button('adminUrl', 'Voir le site')}`,
    text: `Demande de modification

{{customerName}} ({{customerEmail}}) demande une modification de {{siteName}} ({{domain}}).

Type : {{type}}
Priorité : {{priority}}

{{description}}

Voir le site : {{adminUrl}}`,
    action: 'adminUrl',
    sample: {
      siteName: 'Boulangerie Martin',
      domain: 'boulangerie-martin.fr',
      customerName: 'Jeanne Martin',
      customerEmail: 'jeanne@example.com',
      type: 'Contenu',
      priority: 'Haute',
      description: 'Changer les horaires d’ouverture.',
      adminUrl: 'http://localhost:3000/admin/sites/00000000-0000-4000-8000-000000000000',
    },
  },
  'business-options-team': {
    subject: 'Options business : {{siteName}}',
    html: `<h1 style="font-size:22px;margin:0 0 16px">Options business de {{siteName}}</h1>
<p>{{customerName}} ({{customerEmail}}) a enregistré le questionnaire de son site.</p>
<table style="border-collapse:collapse;width:100%;font-size:14px;margin:16px 0">
{{#each answers}}<tr><td style="padding:6px 8px 6px 0;border-bottom:1px solid #e2e8f0;color:#64748b;vertical-align:top">{{label}}</td><td style="padding:6px 0;border-bottom:1px solid #e2e8f0;white-space:pre-wrap">{{value}}</td></tr>
{{/each}}</table>
${button('adminUrl', 'Voir le site')}`,
    text: `Options business de {{siteName}}

{{customerName}} ({{customerEmail}}) a enregistré le questionnaire de son site.

{{#each answers}}{{label}} : {{value}}
{{/each}}
Voir le site : {{adminUrl}}`,
    action: 'adminUrl',
    sample: {
      siteName: 'Boulangerie Martin',
      customerName: 'Jeanne Martin',
      customerEmail: 'jeanne@example.com',
      answers: [{ label: 'Nom de l’entreprise', value: 'Boulangerie Martin' }],
      adminUrl: 'http://localhost:3000/admin/sites/00000000-0000-4000-8000-000000000000',
    },
  },
  'support-team': {
    subject: 'Support : {{subject}}',
    html: `<h1 style="font-size:22px;margin:0 0 16px">Message au support</h1>
<p>De : {{name}} &lt;{{email}}&gt; (compte {{accountEmail}})</p>
<p><strong>{{subject}}</strong></p>
<p style="white-space:pre-wrap">{{message}}</p>`,
    text: `Message au support

De : {{name}} <{{email}}> (compte {{accountEmail}})

{{subject}}

{{message}}`,
    sample: {
      name: 'Jeanne Martin',
      email: 'jeanne@example.com',
      accountEmail: 'jeanne@example.com',
      subject: 'Question',
      message: 'Bonjour, une question sur ma facture.',
    },
  },
  'order-receipt': {
    subject: 'Votre commande {{agency.name}} est confirmée',
    html: `<h1 style="font-size:22px;margin:0 0 16px">Merci {{name}} !</h1>
<p>Votre paiement est bien reçu : la formule {{planName}} pour <strong>{{siteName}}</strong> est active.</p>
<table style="border-collapse:collapse;width:100%;font-size:14px;margin:16px 0">
{{#each lines}}<tr><td style="padding:6px 0;border-bottom:1px solid #e2e8f0">{{label}}</td><td style="padding:6px 0;border-bottom:1px solid #e2e8f0;text-align:right">{{amount}}</td></tr>
{{/each}}<tr><td style="padding:8px 0;font-weight:600">Premier mois</td><td style="padding:8px 0;text-align:right;font-weight:600">{{firstMonth}}</td></tr>
<tr><td style="padding:6px 0;color:#64748b">Mois suivants</td><td style="padding:6px 0;text-align:right;color:#64748b">{{monthly}} / mois</td></tr>
</table>
<p>{{nextStep}}</p>
<p>{{accountNote}}</p>
${button('dashboardUrl', 'Suivre mon site')}
<p>Sans engagement : vous pouvez arrêter votre abonnement à tout moment depuis votre espace client.</p>
{{#if consumer}}<h2 style="font-size:16px;margin:24px 0 8px">Votre droit de rétractation</h2>
<p>${CONSENT}</p>
<p>${WITHDRAW}</p>
<p style="font-size:13px;color:#475569">${MODEL_FORM}</p>
<p>Les conditions de la rétractation (montant dû pour le service fourni, remboursement) sont dans nos <a href="{{consumer.termsUrl}}" style="color:#4f46e5">conditions générales de vente, annexe « Clients consommateurs »</a>. Vous pouvez aussi vous rétracter depuis <a href="{{consumer.withdrawalUrl}}" style="color:#4f46e5">la page de votre site</a>.</p>
{{/if}}`,
    text: `Merci {{name}} !

Votre paiement est bien reçu : la formule {{planName}} pour {{siteName}} est active.

{{#each lines}}- {{label}} : {{amount}}
{{/each}}Premier mois : {{firstMonth}}
Mois suivants : {{monthly}} / mois

{{nextStep}}

{{accountNote}}

Suivre mon site : {{dashboardUrl}}

Sans engagement : vous pouvez arrêter votre abonnement à tout moment depuis votre espace client.
{{#if consumer}}
Votre droit de rétractation

${CONSENT}

${WITHDRAW}

${MODEL_FORM}

Formulaire de rétractation en ligne : {{consumer.withdrawalUrl}}
Conditions générales de vente, annexe « Clients consommateurs » : {{consumer.termsUrl}}
{{/if}}`,
    action: 'dashboardUrl',
    sample: {
      ...orderSample,
      name: 'Camille Dupont',
      lines: [
        { label: 'Formule Business', amount: '59,00 €' },
        { label: 'Création de logo', amount: '15,00 €' },
      ],
      nextStep: `Notre équipe commence la création de votre site, livré sous ${PROMISES.delivery.long}.`,
      accountNote: 'Un second e-mail vous permet de choisir le mot de passe de votre espace client.',
      dashboardUrl: 'http://localhost:3000/dashboard',
      consumer: {
        requestedAt: '27 novembre 2026 à 10:15',
        withdrawalUrl: 'http://localhost:3000/dashboard/sites/exemple/manage#retractation',
        termsUrl: 'http://localhost:3000/cgv#consommateurs',
      },
    },
  },
  'order-team': {
    subject: 'Nouvelle commande {{planName}} : {{siteName}}',
    html: `<h1 style="font-size:22px;margin:0 0 16px">Nouvelle commande payée</h1>
<p><strong>{{customerName}}</strong> (<a href="mailto:{{customerEmail}}" style="color:#4f46e5">{{customerEmail}}</a>) — formule {{planName}}, premier mois {{firstMonth}}, puis {{monthly}} / mois.</p>
<h2 style="font-size:16px;margin:24px 0 8px">Réponses</h2>
<table style="border-collapse:collapse;width:100%;font-size:14px">
{{#each answers}}<tr><td style="padding:6px 8px 6px 0;color:#64748b;width:40%;vertical-align:top">{{label}}</td><td style="padding:6px 0;white-space:pre-wrap">{{value}}</td></tr>
{{/each}}</table>
<h2 style="font-size:16px;margin:24px 0 8px">Facturation</h2>
<table style="border-collapse:collapse;width:100%;font-size:14px">
{{#each billing}}<tr><td style="padding:6px 8px 6px 0;color:#64748b;width:40%">{{label}}</td><td style="padding:6px 0">{{value}}</td></tr>
{{/each}}</table>
<h2 style="font-size:16px;margin:24px 0 8px">Photos</h2>
<p style="font-size:13px;color:#64748b">{{photosNote}}</p>
<div>{{#each photos}}<a href="{{url}}" title="Ouvrir {{name}} en taille réelle" style="display:inline-block;width:180px;margin:0 8px 12px 0;vertical-align:top;color:#4f46e5;font-size:12px;text-decoration:none"><img src="{{thumbnailUrl}}" alt="{{name}}" width="180" style="display:block;width:180px;height:auto;border:1px solid #e2e8f0;border-radius:6px"><span style="display:block;margin-top:4px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap">{{name}}</span></a>{{else}}<p>Aucune photo</p>{{/each}}</div>
${button('adminUrl', 'Voir le site dans l’administration')}`,
    text: `Nouvelle commande payée

{{customerName}} ({{customerEmail}}) — formule {{planName}}, premier mois {{firstMonth}}, puis {{monthly}} / mois.

Réponses
{{#each answers}}- {{label}} : {{value}}
{{/each}}
Facturation
{{#each billing}}- {{label}} : {{value}}
{{/each}}
Photos ({{photosNote}})
{{#each photos}}- {{name}} : {{url}}
{{else}}Aucune photo
{{/each}}
Voir le site dans l’administration : {{adminUrl}}`,
    action: 'adminUrl',
    sample: {
      ...orderSample,
      customerName: 'Camille Dupont',
      customerEmail: 'camille@example.com',
      answers: [
        { label: 'Nom du site', value: 'Boulangerie Dupont' },
        { label: 'Services', value: 'Pain, Viennoiseries' },
      ],
      billing: [{ label: 'Nom complet', value: 'Camille Dupont' }],
      photos: [
        {
          name: 'vitrine.jpg',
          url: 'http://localhost:3000/api/order-photos/00000000-0000-4000-8000-000000000000?exp=1&sig=exemple',
          thumbnailUrl: 'http://localhost:3000/api/order-photos/00000000-0000-4000-8000-000000000000?exp=1&size=thumb&sig=exemple',
        },
      ],
      photosNote: 'liens valables 7 jours',
      adminUrl: 'http://localhost:3000/admin/sites/00000000-0000-4000-8000-000000000000',
    },
  },
  'admin-message': {
    subject: '{{subject}}',
    html: `<div style="white-space:pre-wrap">{{message}}</div>`,
    text: `{{message}}`,
    sample: {
      subject: 'Votre site Boulangerie Dupont est en ligne !',
      message:
        'Bonjour Camille Dupont,\n\nBonne nouvelle : votre site est en ligne à l’adresse boulangerie-dupont.fr.\n\nÀ très bientôt,\nL’équipe Vitrine',
    },
  },
  'account-notice': {
    subject: '{{subject}}',
    html: `<h1 style="font-size:22px;margin:0 0 16px">Bonjour {{name}},</h1>
{{#each paragraphs}}<p>{{this}}</p>
{{/each}}{{#if lines.length}}<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;margin:16px 0">
{{#each lines}}<tr><td style="padding:6px 0;border-bottom:1px solid #e2e8f0;color:#475569">{{label}}</td><td style="padding:6px 0 6px 12px;border-bottom:1px solid #e2e8f0;text-align:right;font-weight:600">{{value}}</td></tr>
{{/each}}</table>
{{/if}}${button('actionUrl', '{{actionLabel}}')}
<p>Une question ? Répondez simplement à cet e-mail.</p>`,
    text: `Bonjour {{name}},
{{#each paragraphs}}
{{this}}
{{/each}}
{{#each lines}}{{label}} : {{value}}
{{/each}}
{{actionLabel}} : {{actionUrl}}

Une question ? Répondez simplement à cet e-mail.`,
    action: 'actionUrl',
    sample: {
      subject: 'Votre site Boulangerie Dupont passe en Business',
      name: 'Camille Dupont',
      paragraphs: ['Votre abonnement passe de la formule Pro à la formule Business.'],
      lines: [{ label: 'Ajustement au prorata débité', value: '29,98 €' }],
      actionLabel: 'Remplir le formulaire Business',
      actionUrl: 'http://localhost:3000/dashboard/sites/exemple/business-options',
    },
  },
  'team-notice': {
    subject: '{{subject}}',
    html: `<h1 style="font-size:22px;margin:0 0 16px">{{subject}}</h1>
<p>{{summary}}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;margin:16px 0">
{{#each lines}}<tr><td style="padding:6px 0;border-bottom:1px solid #e2e8f0;color:#475569;vertical-align:top">{{label}}</td><td style="padding:6px 0 6px 12px;border-bottom:1px solid #e2e8f0">{{value}}</td></tr>
{{/each}}</table>
${button('adminUrl', 'Voir dans l’administration')}`,
    text: `{{subject}}

{{summary}}

{{#each lines}}{{label}} : {{value}}
{{/each}}
Administration : {{adminUrl}}`,
    action: 'adminUrl',
    sample: {
      subject: 'Passage en Business : Boulangerie Dupont',
      summary: 'Camille Dupont est passé de Pro à Business.',
      lines: [{ label: 'Client', value: 'Camille Dupont <camille@example.com>' }],
      adminUrl: 'http://localhost:3000/admin/sites/exemple',
    },
  },
  'data-export-ready': {
    subject: 'Vos données {{agency.name}} sont prêtes',
    html: `<h1 style="font-size:22px;margin:0 0 16px">Bonjour {{name}},</h1>
<p>L'archive de vos données que vous avez demandée est prête : un fichier ZIP avec votre compte, vos sites, vos commandes et leurs photos, vos demandes, vos messages, les e-mails que nous vous avons envoyés et vos factures. Un fichier LISEZMOI.txt y décrit chaque fichier.</p>
${button('downloadUrl', 'Télécharger mes données')}
<p>Ce lien est valable jusqu'au {{expiresAt}} et ne sert qu'une fois. Il ne fonctionne que connecté à votre compte. Passé ce délai, demandez une nouvelle archive depuis votre <a href="{{profileUrl}}" style="color:#4f46e5">profil</a>.</p>
<p>Si vous n'êtes pas à l'origine de cette demande, changez votre mot de passe et répondez à cet e-mail.</p>`,
    text: `Bonjour {{name}},

L'archive de vos données que vous avez demandée est prête : un fichier ZIP avec votre compte, vos sites, vos commandes et leurs photos, vos demandes, vos messages, les e-mails que nous vous avons envoyés et vos factures. Un fichier LISEZMOI.txt y décrit chaque fichier.

Télécharger mes données : {{downloadUrl}}

Ce lien est valable jusqu'au {{expiresAt}} et ne sert qu'une fois. Il ne fonctionne que connecté à votre compte. Passé ce délai, demandez une nouvelle archive depuis votre profil : {{profileUrl}}

Si vous n'êtes pas à l'origine de cette demande, changez votre mot de passe et répondez à cet e-mail.`,
    action: 'downloadUrl',
    secretAction: true,
    sample: {
      name: 'Camille Dupont',
      downloadUrl: 'http://localhost:3000/dashboard/data-export?export=exemple&token=exemple',
      expiresAt: '13 novembre 2026 à 14:32',
      profileUrl: 'http://localhost:3000/dashboard/profile',
    },
  },
  'account-closed': {
    subject: 'Votre compte {{agency.name}} est fermé',
    html: `<h1 style="font-size:22px;margin:0 0 16px">Bonjour {{name}},</h1>
<p>{{#if byTeam}}À votre demande, notre équipe a fermé votre compte le {{closedAt}}.{{else}}Vous avez fermé votre compte le {{closedAt}}.{{/if}} Vous ne pouvez plus vous y connecter.</p>
{{#if sites.length}}<p>Vos abonnements :</p>
<ul>{{#each sites}}<li>{{this}}</li>{{/each}}</ul>
<p>Aucun autre prélèvement ne sera fait.</p>
{{/if}}<p>{{erasure}} Cet e-mail est le dernier que nous vous envoyons à cette adresse.</p>
<p>{{kept}}</p>
<p>Vous pouvez créer un nouveau compte avec la même adresse à tout moment.</p>
${button('registerUrl', 'Créer un nouveau compte')}
<p>Une question ? Répondez simplement à cet e-mail.</p>`,
    text: `Bonjour {{name}},

{{#if byTeam}}À votre demande, notre équipe a fermé votre compte le {{closedAt}}.{{else}}Vous avez fermé votre compte le {{closedAt}}.{{/if}} Vous ne pouvez plus vous y connecter.
{{#if sites.length}}
Vos abonnements :
{{#each sites}}- {{this}}
{{/each}}
Aucun autre prélèvement ne sera fait.
{{/if}}
{{erasure}} Cet e-mail est le dernier que nous vous envoyons à cette adresse.

{{kept}}

Vous pouvez créer un nouveau compte avec la même adresse à tout moment : {{registerUrl}}

Une question ? Répondez simplement à cet e-mail.`,
    action: 'registerUrl',
    sample: {
      name: 'Camille Dupont',
      closedAt: '12 novembre 2026',
      byTeam: false,
      sites: ['Boulangerie Dupont : résilié le 12 novembre 2026, le site est suspendu.'],
      erasure:
        'Vos données personnelles (nom, adresse e-mail, téléphone, adresses, réponses de commande, photos, messages, demandes, historique de connexion) sont effacées dans les minutes qui suivent.',
      kept: 'Comme la loi l’impose (Code de commerce, article L123-22), vos 3 factures et vos paiements sont conservés jusqu’au 31 décembre 2036, avec l’identité qui y figure.',
      registerUrl: 'http://localhost:3000/register',
    },
  },
  'client-view-notice': {
    subject: 'Notre équipe a consulté votre espace client',
    html: `<h1 style="font-size:22px;margin:0 0 16px">Bonjour {{name}},</h1>
<p>Le {{at}}, un membre de notre équipe a ouvert votre espace client en lecture seule, pour {{minutes}} minutes au plus, afin de voir ce que vous voyez (tableau de bord, sites, factures, support) et de mieux vous aider.</p>
<p>Il ne peut rien y modifier, et ne voit ni votre mot de passe ni vos moyens de paiement. Chaque consultation est enregistrée : vous les retrouvez dans votre profil, rubrique Activité.</p>
${button('activityUrl', 'Voir mon activité')}
<p>Vous n'attendiez pas notre aide ? Répondez simplement à cet e-mail.</p>`,
    text: `Bonjour {{name}},

Le {{at}}, un membre de notre équipe a ouvert votre espace client en lecture seule, pour {{minutes}} minutes au plus, afin de voir ce que vous voyez (tableau de bord, sites, factures, support) et de mieux vous aider.

Il ne peut rien y modifier, et ne voit ni votre mot de passe ni vos moyens de paiement. Chaque consultation est enregistrée : vous les retrouvez dans votre profil, rubrique Activité.

Voir mon activité : {{activityUrl}}

Vous n'attendiez pas notre aide ? Répondez simplement à cet e-mail.`,
    action: 'activityUrl',
    sample: {
      name: 'Camille Dupont',
      at: '12 novembre 2026 à 14:32',
      minutes: 30,
      activityUrl: 'http://localhost:3000/dashboard/profile#activite',
    },
  },
};

const LAYOUT_HTML = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{subject}}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f172a;line-height:1.6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden;border:1px solid #e2e8f0">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e2e8f0">
<span style="display:inline-block;width:28px;height:28px;line-height:28px;text-align:center;background:#4f46e5;color:#ffffff;border-radius:7px;font-weight:700">V</span>
<span style="font-weight:700;font-size:18px;vertical-align:middle;margin-left:8px">{{agency.name}}</span>
</td></tr>
<tr><td style="padding:28px">{{{body}}}</td></tr>
<tr><td style="padding:20px 28px;background:#f8fafc;border-top:1px solid #e2e8f0;font-size:12px;color:#64748b">
<p style="margin:0 0 6px">{{agency.name}} — sites vitrines professionnels livrés en ${PROMISES.delivery.short} · {{agency.phone}} · <a href="mailto:{{agency.email}}" style="color:#4f46e5">{{agency.email}}</a></p>
<p style="margin:0">{{agency.legalLine}}</p>
</td></tr>
</table></td></tr></table></body></html>`;

const LAYOUT_TEXT = `{{{body}}}

--
{{agency.name}} — sites vitrines professionnels livrés en ${PROMISES.delivery.short}
{{agency.phone}} · {{agency.email}}
{{agency.legalLine}}`;

/** The data key of a template's main link when that link is a secret (a one-time token), else undefined. */
export function secretActionOf(template: MailTemplateName): string | undefined {
  const t = TEMPLATES[template] as TemplateSource<unknown>;
  return t.secretAction ? t.action : undefined;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  actionUrl: string | null;
}

const compileHtml = (source: string) => Handlebars.compile(source, { strict: true });
const compileText = (source: string) => Handlebars.compile(source, { strict: true, noEscape: true });

const layoutHtml = compileHtml(LAYOUT_HTML);
const layoutText = compileText(LAYOUT_TEXT);
const compiled = Object.fromEntries(
  Object.entries(TEMPLATES).map(([name, t]) => [
    name,
    { subject: compileText(t.subject), html: compileHtml(t.html), text: compileText(t.text), action: t.action },
  ]),
) as Record<
  MailTemplateName,
  { subject: HandlebarsTemplateDelegate; html: HandlebarsTemplateDelegate; text: HandlebarsTemplateDelegate; action?: string }
>;

/** Renders a template with its data and the agency's identity; throws when a variable the template uses is missing. */
export function renderMail<K extends MailTemplateName>(template: K, data: MailTemplates[K], agency: MailAgency): RenderedMail {
  const t = compiled[template];
  if (!t) throw new Error(`Modèle d'e-mail inconnu : ${template}`);
  const context = { ...data, agency };
  const subject = t.subject(context).trim();
  const html = layoutHtml({ subject, agency, body: t.html(context) });
  const text = layoutText({ agency, body: t.text(context) });
  const action = t.action ? (data as Record<string, unknown>)[t.action] : undefined;
  return { subject, html, text, actionUrl: typeof action === 'string' ? action : null };
}
