import { Writable } from 'node:stream';
import { COMPANY_IDENTITY_FIELDS, type CompanyIdentityField, planOf } from '@vitrine/domain';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { Invoice } from '../billing/invoice.entity';
import type { Subscription } from '../billing/subscription.entity';
import type { BillingProfile } from '../invoicing/billing-profile.entity';
import type { LegalInvoiceSummary } from '../invoicing/invoicing.repository';
import type { OutboxEmail } from '../mail/outbox-email.entity';
import type { OrderRecord } from '../orders/order-drafts.service';
import type { QuoteResponseDto } from '../orders/dto/orders.dto';
import type { SiteRecord } from '../sites/sites.service';

/** Everything the service holds about one account, as its modules give it (privacy/data-exports.ts collects it). */
export interface AccountData {
  account: { id: string; email: string; name: string; role: string; createdAt: Date; stripeCustomerId: string | null };
  signIns: Array<{ startedAt: Date; endedAt: Date | null; endReason: string | null }>;
  teamViews: Array<{ startedAt: Date; endedAt: Date | null; expiresAt: Date }>;
  billingProfile: BillingProfile | null;
  sites: SiteRecord[];
  orders: OrderRecord[];
  quotes: QuoteResponseDto[];
  subscriptions: Subscription[];
  payments: Invoice[];
  legalDocuments: Array<LegalInvoiceSummary & { bytes: Buffer }>;
  supportMessages: Array<{ name: string | null; email: string; subject: string; message: string; sentAt: Date }>;
  mails: OutboxEmail[];
}

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

const STATUS: Record<string, string> = { pending: 'en attente', active: 'actif', suspended: 'suspendu' };
const PAYMENT_STATE: Record<string, string> = { current: 'à jour', past_due: 'paiement en retard', unpaid: 'impayé', ended: 'terminé' };
const CAUSE: Record<string, string> = { payment: 'paiement', admin: 'équipe', client: 'vous' };
const DRAFT_STATUS: Record<string, string> = { draft: 'brouillon', paid: 'payée' };
const MAIL_STATUS: Record<string, string> = {
  queued: 'en attente',
  sending: 'en cours',
  sent: 'envoyé',
  failed: 'échec',
  captured: 'capturé (pas de serveur d’envoi configuré)',
};
const SESSION_END: Record<string, string> = {
  logout: 'déconnexion',
  password_change: 'changement de mot de passe',
  password_reset: 'réinitialisation du mot de passe',
  first_login: 'première connexion',
  refresh_token_reuse: 'jeton réutilisé : session fermée par sécurité',
  account_closed: 'fermeture du compte',
  address_taken_back: 'adresse reprise par le paiement d’une commande ouvert avant l’inscription',
};

/** A name safe inside the archive: no folder, no leading dot, no control character. */
function entryName(name: string): string {
  const clean = [...name]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 || '/\\:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .replace(/^\.+/, '')
    .trim();
  return clean || 'fichier';
}

/** Where an order's photo is in the archive. */
const photoPath = (orderId: string, index: number, name: string) =>
  `photos/commande-${orderId.slice(0, 8)}/${String(index + 1).padStart(2, '0')}-${entryName(name)}`;

/** The archive's files as JSON, in French, keys without accents (easier to read from a program). */
export function archiveFiles(d: AccountData): Array<{ name: string; json: unknown }> {
  const orders = d.orders.map((o) => ({
    identifiant: o.id,
    statut: DRAFT_STATUS[o.status] ?? o.status,
    formule: planOf(o.planType).name,
    creeeLe: iso(o.createdAt),
    modifieeLe: iso(o.updatedAt),
    payeeLe: iso(o.paidAt),
    reponses: o.answers.map((a) => ({ question: a.label, reponse: a.value })),
    facturation: o.billing.map((a) => ({ champ: a.label, valeur: a.value })),
    photos: o.photos.map((p, i) => ({
      fichier: p.data ? photoPath(o.id, i, p.name) : null,
      nom: p.name,
      type: p.contentType,
      tailleEnOctets: p.sizeBytes,
      ajouteeLe: iso(p.addedAt),
    })),
  }));
  const siteNames = new Map(d.sites.map((s) => [s.site.id, s.site.siteName]));
  const folderOf = (kind: string) => (kind === 'credit_note' ? 'avoirs' : 'factures');
  return [
    {
      name: 'compte.json',
      json: {
        identifiant: d.account.id,
        adresseEmail: d.account.email,
        nom: d.account.name,
        role: d.account.role === 'admin' ? 'administrateur' : 'client',
        creeLe: iso(d.account.createdAt),
        identifiantClientStripe: d.account.stripeCustomerId,
      },
    },
    {
      name: 'profil-de-facturation.json',
      json: d.billingProfile
        ? {
            typeAcheteur: d.billingProfile.buyerType === 'company' ? 'entreprise' : 'particulier',
            nomComplet: d.billingProfile.fullName,
            ...archivedCompany(d.billingProfile),
            adresse: d.billingProfile.address,
            codePostal: d.billingProfile.postalCode,
            ville: d.billingProfile.city,
            pays: d.billingProfile.countryCode,
            modifieLe: iso(d.billingProfile.updatedAt),
          }
        : null,
    },
    {
      name: 'sites.json',
      json: d.sites.map((r) => ({
        identifiant: r.site.id,
        nom: r.site.siteName,
        domaine: r.site.domain,
        statut: STATUS[r.site.status] ?? r.site.status,
        formule: r.planLabel,
        etatDesPaiements: PAYMENT_STATE[r.site.paymentState] ?? r.site.paymentState,
        progression: {
          demarre: r.site.progression.started,
          designValide: r.site.progression.design_ok,
          developpementTermine: r.site.progression.dev_ok,
          referencementTermine: r.site.progression.seo_ok,
          revueTechnique: r.site.progression.techno_review,
        },
        creeLe: iso(r.site.createdAt),
        modifieLe: iso(r.site.updatedAt),
        historiqueDesStatuts: r.history
          .slice()
          .reverse()
          .map((h) => ({
            de: h.fromStatus ? (STATUS[h.fromStatus] ?? h.fromStatus) : null,
            vers: STATUS[h.toStatus] ?? h.toStatus,
            cause: CAUSE[h.cause] ?? h.cause,
            le: iso(h.createdAt),
          })),
        demandesDeModification: r.modificationRequests.map((m) => ({
          type: m.type,
          priorite: m.priority,
          description: m.description,
          envoyeeLe: iso(m.createdAt),
        })),
        optionsBusiness: r.businessOptions
          ? {
              enregistreesLe: iso(r.businessOptions.savedAt),
              reponses: r.businessOptions.answers.map((a) => ({ question: a.label, reponse: a.value })),
            }
          : null,
      })),
    },
    { name: 'commandes.json', json: orders },
    {
      name: 'abonnements.json',
      json: d.subscriptions.map((s) => ({
        identifiant: s.id,
        site: s.siteId ? (siteNames.get(s.siteId) ?? null) : null,
        formule: s.plan,
        statut: s.status,
        annulationEnFinDePeriode: s.cancelAtPeriodEnd,
        finDeLaPeriodeEnCours: iso(s.currentPeriodEnd),
        commenceLe: iso(s.startedAt),
        termineLe: iso(s.endedAt),
      })),
    },
    {
      name: 'paiements.json',
      json: d.payments.map((i) => ({
        identifiant: i.id,
        numeroStripe: i.number,
        date: iso(i.date),
        montantEnCentimes: i.amountCents,
        rembourseEnCentimes: i.refundedCents,
        devise: i.currency.toUpperCase(),
        statut: i.status,
        description: i.description,
      })),
    },
    {
      name: 'factures.json',
      json: d.legalDocuments.map((l) => ({
        numero: l.number,
        type: l.kind === 'credit_note' ? 'avoir' : 'facture',
        emiseLe: iso(l.issuedAt),
        payeeLe: iso(l.paidAt),
        factureCorrigee: l.creditedNumber,
        montantHtEnCentimes: l.totalExclCents,
        tvaEnCentimes: l.vatCents,
        montantTtcEnCentimes: l.totalInclCents,
        fichier: `${folderOf(l.kind)}/${l.number}.pdf`,
      })),
    },
    {
      name: 'messages-support.json',
      json: d.supportMessages.map((m) => ({
        envoyeLe: iso(m.sentAt),
        nom: m.name,
        adresseEmail: m.email,
        objet: m.subject,
        message: m.message,
      })),
    },
    {
      name: 'demandes-de-devis.json',
      json: d.quotes.map((q) => ({
        envoyeeLe: q.createdAt,
        nomComplet: q.fullName,
        adresseEmail: q.email,
        telephone: q.phone,
        entreprise: q.company,
        description: q.description,
        budget: q.budget,
        delai: q.timeline,
        rappel: q.callbackPreference,
      })),
    },
    {
      name: 'e-mails.json',
      json: d.mails.map((m) => ({
        ecritLe: iso(m.createdAt),
        envoyeLe: iso(m.sentAt),
        statut: MAIL_STATUS[m.status] ?? m.status,
        modele: m.template,
        objet: m.subject,
        texte: m.text,
      })),
    },
    {
      name: 'connexions.json',
      json: d.signIns.map((s) => ({
        ouverteLe: iso(s.startedAt),
        fermeeLe: iso(s.endedAt),
        motif: s.endReason ? (SESSION_END[s.endReason] ?? s.endReason) : null,
      })),
    },
    {
      name: 'consultations-equipe.json',
      json: d.teamViews.map((v) => ({ debut: iso(v.startedAt), fin: iso(v.endedAt), finPrevue: iso(v.expiresAt) })),
    },
  ];
}

/** A billing profile's company fields under their archive names (raisonSociale, siren, numeroTva…), null where not given. */
const archivedCompany = (profile: BillingProfile) =>
  Object.fromEntries(COMPANY_IDENTITY_FIELDS.map((spec) => [spec.archiveKey, profile[spec.field as CompanyIdentityField] ?? null]));

/** The README's width, its indented lists included. */
const README_WIDTH = 114;

/** The fields of a file as the README lists them: comma-separated, a full stop at the end, on indented lines. */
function listLines(items: readonly string[]): string[] {
  const lines: string[] = [];
  let line = ' ';
  items.forEach((item, i) => {
    const word = ` ${item}${i === items.length - 1 ? '.' : ','}`;
    if (line.trim() && line.length + word.length > README_WIDTH) {
      lines.push(line);
      line = ' ';
    }
    line += word;
  });
  return [...lines, line];
}

/** The archive's README (LISEZMOI.txt): every file and every field, in French. */
export function readme(d: AccountData, agencyName: string, madeAt: Date): string {
  const lines = [
    `Vos données chez ${agencyName}`,
    '',
    `Archive préparée le ${madeAt.toISOString()} pour le compte ${d.account.email} (identifiant ${d.account.id}).`,
    'Elle contient tout ce que nous conservons sur ce compte, et rien sur personne d’autre (RGPD, articles 15 et 20).',
    'Les fichiers .json sont en UTF-8 ; les dates sont au format ISO 8601, en temps universel (UTC) ; les montants sont',
    'en centimes d’euro. Un champ vide vaut null.',
    '',
    'compte.json — votre compte',
    '  identifiant, adresseEmail, nom, role (client), creeLe, identifiantClientStripe (le client que notre prestataire',
    '  de paiement Stripe connaît pour vous, s’il y en a un).',
    '',
    'profil-de-facturation.json — l’identité imprimée sur vos factures (null si vous n’en avez pas donné)',
    ...listLines([
      'typeAcheteur (particulier ou entreprise)',
      'nomComplet',
      ...COMPANY_IDENTITY_FIELDS.map((spec) => spec.archiveKey),
      'adresse',
      'codePostal',
      'ville',
      'pays',
      'modifieLe',
    ]),
    '',
    'sites.json — vos sites',
    '  identifiant, nom, domaine, statut (en attente, actif, suspendu), formule, etatDesPaiements, progression',
    '  (demarre, designValide, developpementTermine, referencementTermine, revueTechnique : étapes de création),',
    '  creeLe, modifieLe, historiqueDesStatuts (de, vers, cause, le), demandesDeModification (type, priorite,',
    '  description, envoyeeLe), optionsBusiness (enregistreesLe, reponses : question et reponse).',
    '',
    'commandes.json — vos commandes et brouillons de commande',
    '  identifiant, statut (brouillon ou payée), formule, creeeLe, modifieeLe, payeeLe, reponses (question et reponse',
    '  du formulaire de commande), facturation (champ et valeur), photos (fichier dans l’archive, nom, type,',
    '  tailleEnOctets, ajouteeLe).',
    'photos/ — les photos de vos commandes, telles que nous les conservons (réencodées, sans métadonnées).',
    '',
    'abonnements.json — vos abonnements',
    '  identifiant (chez Stripe), site, formule, statut, annulationEnFinDePeriode, finDeLaPeriodeEnCours, commenceLe,',
    '  termineLe.',
    '',
    'paiements.json — vos paiements (notre copie des factures Stripe)',
    '  identifiant, numeroStripe, date, montantEnCentimes, rembourseEnCentimes, devise, statut, description.',
    '',
    'factures.json — vos factures et avoirs légaux',
    '  numero, type (facture ou avoir), emiseLe, payeeLe, factureCorrigee (pour un avoir), montantHtEnCentimes,',
    '  tvaEnCentimes, montantTtcEnCentimes, fichier.',
    'factures/ et avoirs/ — leurs fichiers PDF (Factur-X).',
    '',
    'messages-support.json — vos messages au support',
    '  envoyeLe, nom, adresseEmail, objet, message.',
    '',
    'demandes-de-devis.json — les demandes de devis envoyées avec votre adresse e-mail',
    '  envoyeeLe, nomComplet, adresseEmail, telephone, entreprise, description, budget, delai, rappel.',
    '',
    'e-mails.json — les e-mails que nous vous avons écrits',
    '  ecritLe, envoyeLe, statut, modele, objet, texte (les liens à usage unique y sont masqués).',
    '',
    'connexions.json — vos connexions',
    '  ouverteLe, fermeeLe, motif (déconnexion, changement de mot de passe…).',
    '',
    'consultations-equipe.json — les consultations de votre espace par notre équipe, en lecture seule',
    '  debut, fin (null si elle a expiré sans être quittée), finPrevue (30 minutes au plus).',
    '',
    'Vos moyens de paiement (carte) ne sont pas chez nous : Stripe les conserve.',
    `Une question, une rectification ? Écrivez-nous en répondant à l’e-mail qui vous a envoyé ce lien.`,
    '',
  ];
  return lines.join('\r\n');
}

/** The ZIP: LISEZMOI.txt, one JSON file per kind of data, the order photos, the invoices' PDFs. */
export async function buildArchive(d: AccountData, agencyName: string, madeAt = new Date()): Promise<Buffer> {
  const zip = new ZipFile();
  const options = { mtime: madeAt };
  zip.addBuffer(Buffer.from(readme(d, agencyName, madeAt), 'utf8'), 'LISEZMOI.txt', options);
  for (const file of archiveFiles(d)) {
    zip.addBuffer(Buffer.from(`${JSON.stringify(file.json, null, 2)}\n`, 'utf8'), file.name, options);
  }
  for (const order of d.orders) {
    order.photos.forEach((p, i) => {
      if (p.data) zip.addBuffer(p.data, photoPath(order.id, i, p.name), { mtime: p.addedAt, compress: false });
    });
  }
  for (const doc of d.legalDocuments) {
    zip.addBuffer(doc.bytes, `${doc.kind === 'credit_note' ? 'avoirs' : 'factures'}/${doc.number}.pdf`, {
      mtime: doc.issuedAt,
      compress: false,
    });
  }
  zip.end();
  const chunks: Buffer[] = [];
  await pipeline(
    zip.outputStream,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(chunks);
}
