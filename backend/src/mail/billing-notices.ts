import { euros, longDate, shortDate } from '../common/format';
import { PROMISES } from '@vitrine/domain';
import type { MailTemplates } from './templates';

/**
 * The words of every mail about what a client pays or gets, to the client and to the team, in one place. Each notice
 * gives the client's mail ('account-notice') and the team's ('team-notice'); callers put both in the outbox in the
 * transaction of the change, with a dedupe key.
 */
export interface NoticeSite {
  siteId: string;
  siteName: string;
  customerName: string;
  customerEmail: string;
}

export type BillingNotice =
  | {
      kind: 'upgraded';
      planFrom: string;
      planTo: string;
      amountCents: number;
      periodStart: Date | null;
      periodEnd: Date | null;
      businessOptionsUrl: string;
    }
  | { kind: 'cancellation-scheduled'; endsAt: Date | null; manageUrl: string }
  | { kind: 'cancellation-undone'; renewsAt: Date | null; manageUrl: string }
  | { kind: 'payment-suspended'; amountCents: number | null; failedAt: Date | null; payUrl: string }
  | { kind: 'payment-restored'; wasSuspended: boolean; amountCents: number | null; siteUrl: string }
  | { kind: 'subscription-ended'; endedAt: Date; byClient: boolean; restartUrl: string }
  | { kind: 'restarted'; planName: string; amountCents: number | null; siteUrl: string }
  | { kind: 'card-updated'; last4: string | null; manageUrl: string }
  | { kind: 'duplicate-refunded'; amountCents: number; paidAt: Date; invoicesUrl: string }
  | { kind: 'late-payment-refunded'; amountCents: number; paidAt: Date; restartUrl: string }
  | {
      /** A consumer's withdrawal received (L221-21: its acknowledgement, on a durable medium) */
      kind: 'withdrawal-received';
      planName: string;
      orderedAt: Date;
      withdrawnAt: Date;
      fullName: string;
      address: string;
      paidCents: number;
      /** What the service provided until then is worth (L221-25) */
      dueCents: number;
      /** The CGV's guarantee waives it */
      dueWaived: boolean;
      refundCents: number;
      /** The consumer mediator, as the documents name it (agency settings) */
      mediator: string;
      invoicesUrl: string;
    }
  | { kind: 'withdrawal-refunded'; amountCents: number; invoicesUrl: string };

type Client = Omit<MailTemplates['account-notice'], 'name'>;
type Team = Omit<MailTemplates['team-notice'], 'adminUrl'>;

const quoted = (name: string) => `« ${name} »`;
const dateOr = (d: Date | null, fallback: string) => (d ? longDate(d) : fallback);

export function renderNotice(site: NoticeSite, n: BillingNotice): { client: Client; team: Team } {
  const s = quoted(site.siteName);
  const who = `${site.customerName} <${site.customerEmail}>`;
  const teamLines = (extra: Array<{ label: string; value: string }>) => [
    { label: 'Site', value: site.siteName },
    { label: 'Client', value: who },
    ...extra,
  ];
  switch (n.kind) {
    case 'upgraded': {
      const period =
        n.periodStart && n.periodEnd ? `du ${shortDate(n.periodStart)} au ${shortDate(n.periodEnd)}` : 'pour la période en cours';
      return {
        client: {
          subject: `Votre site ${s} passe en ${n.planTo}`,
          paragraphs: [
            `Votre abonnement pour le site ${s} passe de la formule ${n.planFrom} à la formule ${n.planTo}. Merci de votre confiance !`,
            `Nous avons débité ${euros(n.amountCents)} sur votre carte : c'est la différence de prix entre les deux formules ${period}, au prorata des jours restants. Vos prochains prélèvements seront du montant de la formule ${n.planTo}.`,
            `Pour que notre équipe mette votre site à jour sous ${PROMISES.delivery.long}, décrivez-nous votre activité dans le formulaire Business.`,
          ],
          lines: [
            { label: 'Ajustement au prorata débité', value: euros(n.amountCents) },
            { label: 'Période concernée', value: period },
          ],
          actionLabel: 'Remplir le formulaire Business',
          actionUrl: n.businessOptionsUrl,
        },
        team: {
          subject: `Passage en ${n.planTo} : ${site.siteName}`,
          summary: `Le client est passé de ${n.planFrom} à ${n.planTo} ; le site est repassé en attente. Prorata débité : ${euros(n.amountCents)} (${period}).`,
          lines: teamLines([{ label: 'Prorata', value: euros(n.amountCents) }]),
        },
      };
    }
    case 'cancellation-scheduled':
      return {
        client: {
          subject: `Annulation programmée pour votre site ${s}`,
          paragraphs: [
            `Votre demande est enregistrée : l'abonnement de votre site ${s} prendra fin le ${dateOr(n.endsAt, 'dernier jour de la période en cours')}. Votre site reste en ligne jusque-là et aucun autre prélèvement ne sera fait.`,
            `Vous changez d'avis ? Vous pouvez réactiver votre abonnement à tout moment d'ici là.`,
          ],
          lines: [],
          actionLabel: 'Gérer mon abonnement',
          actionUrl: n.manageUrl,
        },
        team: {
          subject: `Annulation programmée : ${site.siteName}`,
          summary: `Fin de l'abonnement le ${dateOr(n.endsAt, '—')}.`,
          lines: teamLines([]),
        },
      };
    case 'cancellation-undone':
      return {
        client: {
          subject: `Votre abonnement pour ${s} continue`,
          paragraphs: [
            `L'annulation de l'abonnement de votre site ${s} est retirée : votre abonnement continue normalement${n.renewsAt ? ` et se renouvellera le ${longDate(n.renewsAt)}` : ''}.`,
          ],
          lines: [],
          actionLabel: 'Gérer mon abonnement',
          actionUrl: n.manageUrl,
        },
        team: { subject: `Annulation retirée : ${site.siteName}`, summary: `Le client a réactivé son abonnement.`, lines: teamLines([]) },
      };
    case 'payment-suspended': {
      const what =
        n.amountCents !== null
          ? `Le paiement de ${euros(n.amountCents)}${n.failedAt ? ` du ${shortDate(n.failedAt)}` : ''}`
          : 'Le paiement de votre abonnement';
      return {
        client: {
          subject: `Votre site ${s} est suspendu pour impayé`,
          paragraphs: [
            `${what} n'a pas abouti malgré nos relances : votre site ${s} est suspendu.`,
            `Réglez la facture en attente et votre site est remis en ligne aussitôt, sans rien perdre.`,
          ],
          lines: n.amountCents !== null ? [{ label: 'Montant dû', value: euros(n.amountCents) }] : [],
          actionLabel: 'Régler maintenant',
          actionUrl: n.payUrl,
        },
        team: {
          subject: `Site suspendu pour impayé : ${site.siteName}`,
          summary: `Stripe a cessé les relances ; le site est suspendu jusqu'au paiement.`,
          lines: teamLines(n.amountCents !== null ? [{ label: 'Montant dû', value: euros(n.amountCents) }] : []),
        },
      };
    }
    case 'payment-restored':
      return {
        client: {
          subject: n.wasSuspended ? `Paiement reçu : votre site ${s} est de nouveau en ligne` : `Paiement reçu pour votre site ${s}`,
          paragraphs: [
            `Nous avons bien reçu votre paiement${n.amountCents !== null ? ` de ${euros(n.amountCents)}` : ''}, merci !`,
            n.wasSuspended
              ? `Votre site ${s} retrouve son état d'avant la suspension.`
              : `Votre abonnement est à jour ; votre site ${s} reste en ligne.`,
          ],
          lines: [],
          actionLabel: 'Voir mon site',
          actionUrl: n.siteUrl,
        },
        team: {
          subject: `Paiement régularisé : ${site.siteName}`,
          summary: n.wasSuspended ? 'Le site suspendu pour impayé est rétabli.' : 'Le paiement en retard est réglé.',
          lines: teamLines(n.amountCents !== null ? [{ label: 'Montant', value: euros(n.amountCents) }] : []),
        },
      };
    case 'subscription-ended':
      return {
        client: {
          subject: `L'abonnement de votre site ${s} est terminé`,
          paragraphs: [
            n.byClient
              ? `L'abonnement de votre site ${s} a pris fin le ${longDate(n.endedAt)}. Votre site n'est plus en ligne et aucun autre paiement ne sera prélevé.`
              : `L'abonnement de votre site ${s} a pris fin le ${longDate(n.endedAt)} : les nouvelles tentatives de paiement de sa dernière facture ont échoué. Votre site n'est plus en ligne, cette facture est annulée et aucun autre paiement ne sera prélevé.`,
            `Votre site et son historique sont conservés : vous pouvez le relancer quand vous le souhaitez.`,
          ],
          lines: [],
          actionLabel: 'Relancer mon site',
          actionUrl: n.restartUrl,
        },
        team: {
          subject: `Abonnement terminé : ${site.siteName}`,
          summary: n.byClient ? 'Fin de la période après une annulation du client.' : 'Abonnement terminé faute de paiement.',
          lines: teamLines([{ label: 'Fin', value: longDate(n.endedAt) }]),
        },
      };
    case 'restarted':
      return {
        client: {
          subject: `Votre site ${s} est relancé`,
          paragraphs: [
            `Bon retour parmi nous ! Votre nouvel abonnement en formule ${n.planName}${n.amountCents !== null ? ` (${euros(n.amountCents)} débités aujourd'hui)` : ''} paie désormais votre site ${s}.`,
            `Votre site retrouve son état d'avant, avec tout son historique.`,
          ],
          lines: [],
          actionLabel: 'Voir mon site',
          actionUrl: n.siteUrl,
        },
        team: {
          subject: `Site relancé : ${site.siteName}`,
          summary: `Nouvel abonnement ${n.planName} sur un site existant.`,
          lines: teamLines(n.amountCents !== null ? [{ label: 'Premier paiement', value: euros(n.amountCents) }] : []),
        },
      };
    case 'card-updated':
      return {
        client: {
          subject: `Votre carte est enregistrée`,
          paragraphs: [`La carte${n.last4 ? ` se terminant par ${n.last4}` : ''} paiera désormais l'abonnement de votre site ${s}.`],
          lines: [],
          actionLabel: 'Gérer mon abonnement',
          actionUrl: n.manageUrl,
        },
        team: {
          subject: `Carte changée : ${site.siteName}`,
          summary: `Le client a enregistré une nouvelle carte${n.last4 ? ` (•••• ${n.last4})` : ''}.`,
          lines: teamLines([]),
        },
      };
    case 'late-payment-refunded':
      return {
        client: {
          subject: `Paiement remboursé : l'abonnement de votre site ${s} était terminé`,
          paragraphs: [
            `Votre paiement du ${longDate(n.paidAt)} est arrivé après la fin de l'abonnement de votre site ${s}, arrêté faute de paiement. Nous vous avons remboursé ${euros(n.amountCents)} (le remboursement apparaît sous 5 à 10 jours).`,
            `Pour remettre votre site en ligne, relancez-le depuis votre espace client : un nouvel abonnement le paie dès aujourd'hui.`,
          ],
          lines: [{ label: 'Remboursé', value: euros(n.amountCents) }],
          actionLabel: 'Relancer mon site',
          actionUrl: n.restartUrl,
        },
        team: {
          subject: `Paiement tardif remboursé : ${site.siteName}`,
          summary: `Une facture d'un abonnement terminé faute de paiement a été payée : ${euros(n.amountCents)} remboursés.`,
          lines: teamLines([]),
        },
      };
    case 'withdrawal-received': {
      const due = n.dueWaived
        ? `Le service fourni jusqu'à votre rétractation représente ${euros(n.dueCents)} (article L221-25, au prorata des jours de service commencés) : comme le prévoit notre garantie « satisfait ou remboursé », nous y renonçons.`
        : `Le service fourni jusqu'à votre rétractation représente ${euros(n.dueCents)} (article L221-25, au prorata des jours de service commencés) : ce montant est déduit du remboursement.`;
      return {
        client: {
          subject: `Accusé de réception de votre rétractation : site ${s}`,
          paragraphs: [
            `Nous accusons réception de votre rétractation du contrat portant sur l'abonnement de votre site ${s} (formule ${n.planName}), commandé le ${longDate(n.orderedAt)}, reçue le ${longDate(n.withdrawnAt)}. Cet e-mail en est la confirmation sur un support durable (article L221-21 du Code de la consommation).`,
            `Votre formulaire : « Je vous notifie par la présente ma rétractation du contrat portant sur la prestation de services ci-dessous : l'abonnement du site ${s}, formule ${n.planName}. »`,
            `L'abonnement est résilié dès aujourd'hui : votre site n'est plus en ligne et aucun autre paiement ne sera prélevé.`,
            due,
            `Nous vous remboursons ${euros(n.refundCents)} sur le moyen de paiement utilisé pour la commande, au plus tard 14 jours après la réception de votre rétractation (article L221-24) ; un avoir l'accompagne dans vos factures.`,
            `En cas de litige, après une réclamation écrite auprès de nous, vous pouvez recourir gratuitement au médiateur de la consommation : ${n.mediator}.`,
          ],
          lines: [
            { label: 'Commandé le', value: longDate(n.orderedAt) },
            { label: 'Nom du consommateur', value: n.fullName },
            { label: 'Adresse du consommateur', value: n.address },
            { label: 'Date', value: longDate(n.withdrawnAt) },
            { label: 'Payé', value: euros(n.paidCents) },
            { label: 'Remboursé', value: euros(n.refundCents) },
          ],
          actionLabel: 'Voir mes factures',
          actionUrl: n.invoicesUrl,
        },
        team: {
          subject: `Rétractation d'un client consommateur : ${site.siteName}`,
          summary: `Le client s'est rétracté dans les 14 jours (article L221-18) : l'abonnement est résilié, ${euros(n.refundCents)} remboursés sur ${euros(n.paidCents)} payés (${n.dueWaived ? `${euros(n.dueCents)} dus au prorata, abandonnés par la garantie` : `${euros(n.dueCents)} dus au prorata, retenus`}).`,
          lines: teamLines([
            { label: 'Commandé le', value: longDate(n.orderedAt) },
            { label: 'Nom', value: n.fullName },
            { label: 'Adresse', value: n.address },
          ]),
        },
      };
    }
    case 'withdrawal-refunded':
      return {
        client: {
          subject: `Remboursement de votre rétractation`,
          paragraphs: [
            `Suite à votre rétractation, nous vous avons remboursé ${euros(n.amountCents)} sur le moyen de paiement utilisé pour la commande (le remboursement apparaît sous 5 à 10 jours). L'avoir correspondant est dans vos factures.`,
          ],
          lines: [{ label: 'Remboursé', value: euros(n.amountCents) }],
          actionLabel: 'Voir mes factures',
          actionUrl: n.invoicesUrl,
        },
        team: {
          subject: `Rétractation remboursée : ${site.siteName}`,
          summary: `${euros(n.amountCents)} remboursés après la rétractation du client.`,
          lines: teamLines([]),
        },
      };
    case 'duplicate-refunded':
      return {
        client: {
          subject: `Paiement en double remboursé`,
          paragraphs: [
            `Votre commande pour le site ${s} a été payée deux fois le ${longDate(n.paidAt)}. Nous avons annulé le second abonnement et remboursé ${euros(n.amountCents)} sur votre carte (le remboursement apparaît sous 5 à 10 jours).`,
            `Vous gardez un seul abonnement et un seul site : rien d'autre à faire.`,
          ],
          lines: [{ label: 'Remboursé', value: euros(n.amountCents) }],
          actionLabel: 'Voir mes factures',
          actionUrl: n.invoicesUrl,
        },
        team: {
          subject: `Paiement en double remboursé : ${site.siteName}`,
          summary: `Un second paiement de la même commande a abouti : son abonnement est annulé et ${euros(n.amountCents)} remboursés.`,
          lines: teamLines([]),
        },
      };
  }
}
