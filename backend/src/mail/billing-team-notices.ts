import { Injectable } from '@nestjs/common';
import { BillingFacts } from '../billing-facts/billing-facts';
import type { GivenBackCause } from '../billing-facts/facts';
import { euros } from '../common/format';
import { MailService } from './mail.service';

const SUBJECTS: Record<GivenBackCause, string> = {
  duplicate: 'Paiement en double détecté',
  'account-closed': 'Paiement reçu pour un compte fermé',
  'unknown-order': 'Paiement reçu pour une commande introuvable',
  'subscription-ended': 'Paiement reçu après la fin d’un abonnement',
  withdrawal: 'Rétractation d’un client consommateur',
};

/** The team's mails about billing's facts that concern no site's owner: a duplicate payment found (once per session). */
@Injectable()
export class BillingTeamNotices {
  constructor(
    facts: BillingFacts,
    private readonly mail: MailService,
  ) {
    facts.on('duplicate-payment.found', 'mail.duplicate-found-team-notice', async (d, tx) => {
      // A withdrawal's team copy goes with the client's acknowledgement (the 'withdrawal-received' notice).
      if (d.cause === 'withdrawal') return;
      await this.mail.enqueue(
        'team-notice',
        await this.mail.teamAddress(tx),
        {
          subject: SUBJECTS[d.cause ?? 'duplicate'],
          summary:
            d.kind === 'invoice'
              ? `${d.reason} Son paiement est remboursé automatiquement.`
              : `${d.reason} Son abonnement est annulé et son paiement remboursé automatiquement.`,
          lines: [
            d.checkoutSessionId ? { label: 'Session', value: d.checkoutSessionId } : { label: 'Facture Stripe', value: d.invoiceId ?? '—' },
            { label: 'Abonnement', value: d.subscriptionId ?? '—' },
            { label: 'Montant', value: euros(d.amountCents) },
          ],
          adminUrl: this.mail.link('/admin/duplicate-payments'),
        },
        { tx, dedupeKey: `duplicate-found:${d.checkoutSessionId ?? d.invoiceId}` },
      );
    });
  }
}
