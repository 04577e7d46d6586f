import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  getGetSiteSubscriptionQueryKey,
  useCancelSiteSubscription,
  useGetSiteSubscription,
  useReactivateSiteSubscription,
  useUpgradeSiteSubscription,
} from '../../api/generated/billing/billing';
import { getGetSiteQueryKey } from '../../api/generated/sites/sites';
import { useGetCatalogue } from '../../api/generated/orders/orders';
import type { PlanId } from '../../api/generated/model';
import { isApiError } from '../../api/http';
import { Button, ButtonLink } from '../../components/ui/button';
import { Alert, Badge, Card, Container, LoadingScreen } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { formatDate, formatEuros } from '../../lib/format';

type Action = 'upgrade' | 'to-pro' | 'custom' | 'cancel' | 'reactivate';

const DIALOGS: Record<Action, { title: string; text: string; confirm: string; tone?: 'danger' }> = {
  upgrade: {
    title: 'Passer en Business ?',
    text: 'La différence de prix pour la période en cours est facturée maintenant sur votre carte enregistrée. Votre site sera mis à jour sous 24-48h.',
    confirm: 'Passer en Business',
  },
  'to-pro': { title: 'Revenir à la formule Pro ?', text: 'Le passage de Business à Pro se fait avec notre équipe : écrivez-nous depuis le support.', confirm: 'Contacter le support' },
  custom: { title: 'Formule Custom', text: 'La formule Custom se construit sur devis avec notre équipe : écrivez-nous depuis le support.', confirm: 'Contacter le support' },
  cancel: {
    title: 'Annuler à la fin de la période ?',
    text: 'Votre site reste en ligne jusqu’à la fin de la période en cours, puis il sera suspendu. Vous pourrez réactiver l’abonnement d’ici là.',
    confirm: 'Annuler à la fin de la période',
    tone: 'danger',
  },
  reactivate: { title: 'Réactiver l’abonnement ?', text: 'Votre abonnement reprend immédiatement.', confirm: 'Réactiver' },
};

/** The three columns (spec §2): Pro, Business and Custom (the catalogue's 'teams' plan, on quote). */
const COLUMN_NAMES: Record<PlanId, string> = { pro: 'Pro', business: 'Business', teams: 'Custom' };

/** /dashboard/sites/{siteId}/manage: the subscription of a site, its plan and its cancellation (spec §2, §4, §8). */
export function SiteManagePage() {
  const { siteId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const subscription = useGetSiteSubscription(siteId);
  // The plans' prices and features, as the home page shows them.
  const catalogue = useGetCatalogue({ query: { staleTime: Infinity } });
  const [action, setAction] = useState<Action | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: getGetSiteSubscriptionQueryKey(siteId) }),
      queryClient.invalidateQueries({ queryKey: getGetSiteQueryKey(siteId) }),
    ]);
  };
  const upgrade = useUpgradeSiteSubscription();
  const cancel = useCancelSiteSubscription();
  const reactivate = useReactivateSiteSubscription();
  const busy = upgrade.isPending || cancel.isPending || reactivate.isPending;

  const confirm = async () => {
    if (!action) return;
    setFailure(null);
    if (action === 'to-pro' || action === 'custom') {
      navigate(paths.dashboard.support);
      return;
    }
    try {
      if (action === 'upgrade') {
        const result = await upgrade.mutateAsync({ id: siteId });
        await refresh();
        navigate(result.redirectTo);
        return;
      }
      if (action === 'cancel') await cancel.mutateAsync({ id: siteId });
      if (action === 'reactivate') await reactivate.mutateAsync({ id: siteId });
      await refresh();
    } catch (error) {
      setFailure(isApiError(error) && error.status < 500 && error.status !== 0 ? error.message : null);
    }
    setAction(null);
  };

  const header = (
    <>
      <ButtonLink to={paths.dashboard.site(siteId)} variant="ghost" size="sm" className="-ml-3">
        ← Retour au site
      </ButtonLink>
      <PageHeader eyebrow="Espace client" title="Gérer l'abonnement" />
    </>
  );

  if (subscription.isPending || catalogue.isPending) return <LoadingScreen />;
  if (subscription.isError || !subscription.data.subscription) {
    const text = subscription.isError
      ? isApiError(subscription.error) && subscription.error.status === 404
        ? 'Aucun abonnement trouvé pour ce site.'
        : 'Erreur de chargement.'
      : 'Aucun abonnement trouvé';
    return (
      <Container className="py-10 sm:py-12">
        {header}
        <Alert tone={subscription.isError ? 'error' : 'info'} className="mt-8">
          {text}
        </Alert>
      </Container>
    );
  }
  const sub = subscription.data.subscription;
  const current = sub.plan ?? 'teams';
  const canCancel = sub.status === 'active' && !sub.cancelAtPeriodEnd;
  const dialog = action ? DIALOGS[action] : null;

  const planButton = (plan: PlanId) => {
    if (plan === current) return <Badge tone="brand">Formule actuelle</Badge>;
    if (plan === 'business' && current === 'pro') return <Button onClick={() => setAction('upgrade')}>Passer en Business</Button>;
    if (plan === 'pro')
      return (
        <Button variant="secondary" onClick={() => setAction('to-pro')}>
          Passer en Pro
        </Button>
      );
    return (
      <Button variant="secondary" onClick={() => setAction('custom')}>
        Nous contacter
      </Button>
    );
  };

  return (
    <Container className="py-10 sm:py-12">
      {header}
      {failure ? (
        <Alert tone="error" className="mt-6">
          {failure}
        </Alert>
      ) : null}
      <Card className="mt-8">
        <h2 className="text-lg font-semibold">Abonnement</h2>
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Statut</dt>
            <dd className="mt-1 font-medium">{sub.statusLabel}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Formule</dt>
            <dd className="mt-1 font-medium">{sub.planLabel}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-slate-600 dark:text-slate-400">Identifiant d'abonnement</dt>
            <dd className="mt-1 font-mono text-xs break-all">{sub.id}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-slate-600 dark:text-slate-400">Identifiant client</dt>
            <dd className="mt-1 font-mono text-xs break-all">{sub.customerId}</dd>
          </div>
        </dl>
      </Card>

      <ul className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-3" aria-label="Formules">
        {(catalogue.data?.plans ?? []).map((plan) => (
          <li key={plan.id}>
            <Card className="flex h-full flex-col">
              <h3 className="text-lg font-semibold">{COLUMN_NAMES[plan.id]}</h3>
              <p className="mt-1 text-2xl font-bold">{plan.monthlyPriceCents === null ? 'Sur devis' : `${formatEuros(plan.monthlyPriceCents)} / mois`}</p>
              <ul className="mt-4 flex-1 space-y-1 text-sm text-slate-600 dark:text-slate-400">
                {plan.features.map((f) => (
                  <li key={f}>• {f}</li>
                ))}
              </ul>
              <div className="mt-6">{planButton(plan.id)}</div>
            </Card>
          </li>
        ))}
      </ul>

      <Card className="mt-6">
        <h2 className="text-lg font-semibold">Annulation</h2>
        {canCancel ? (
          <>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              Votre site reste en ligne jusqu'à la fin de la période en cours{sub.currentPeriodEnd ? ` (${formatDate(sub.currentPeriodEnd)})` : ''}.
            </p>
            <Button variant="danger" className="mt-4" onClick={() => setAction('cancel')}>
              Annuler à la fin de la période
            </Button>
          </>
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              {sub.cancelAtPeriodEnd && sub.currentPeriodEnd ? `L'abonnement prendra fin le ${formatDate(sub.currentPeriodEnd)}.` : "L'abonnement n'est pas actif."}
            </p>
            <Button className="mt-4" onClick={() => setAction('reactivate')}>
              Réactiver
            </Button>
          </>
        )}
      </Card>

      {dialog ? (
        <ConfirmDialog title={dialog.title} confirmLabel={dialog.confirm} tone={dialog.tone} busy={busy} onConfirm={() => void confirm()} onCancel={() => setAction(null)}>
          {dialog.text}
        </ConfirmDialog>
      ) : null}
    </Container>
  );
}
