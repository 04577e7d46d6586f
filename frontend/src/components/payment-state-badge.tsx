import type { SitePaymentState } from '../api/generated/model';
import { adminPaymentState, clientPaymentBadge } from '../lib/payment-state';
import { Badge } from './ui/card';

/** The client's badge for payment trouble ('Paiement en retard', 'Suspendu pour impayé', 'Abonnement terminé'); nothing when up to date. */
export function ClientPaymentBadge({ state }: { state: SitePaymentState | null | undefined }) {
  const view = clientPaymentBadge(state);
  return view ? <Badge tone={view.tone}>{view.label}</Badge> : null;
}

/** The team's badge, always shown: 'À jour', 'Paiement en retard depuis le …', 'Suspendu pour impayé', 'Abonnement terminé'. */
export function AdminPaymentBadge({ state, since }: { state: SitePaymentState | null | undefined; since?: string | null }) {
  const view = adminPaymentState(state, since);
  return <Badge tone={view.tone}>{view.label}</Badge>;
}
