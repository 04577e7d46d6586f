import { isPaidPlanId, monthlyPriceOf, PAID_PLAN_IDS, perMonth, planOf, PROMISES, QUOTE_PLAN_ID, SITE_TYPE_LABELS } from '@vitrine/domain';
import { useCallback, useEffect, useId, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  getGetSiteSubscriptionQueryKey,
  getListPaymentIssuesQueryKey,
  useChangeSiteCard,
  useGetSiteSubscription,
} from '../../api/generated/billing/billing';
import { useGetCatalogue } from '../../api/generated/orders/orders';
import type { PaidPlanType, PlanDto, PlanId, SiteSubscriptionDto } from '../../api/generated/model';
import { isApiError } from '../../api/http';
import { ConfirmationPending, useCheckoutReturn } from '../../components/payment-confirmation';
import { PaymentIssueNotice } from '../../components/payment-issue-banner';
import { Button, ButtonLink } from '../../components/ui/button';
import { Alert, Badge, Card, Container, LoadingScreen } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { externalNavigation } from '../../lib/external-navigation';
import { formatDate } from '../../lib/format';
import { useSubscriptionActions } from './api';
import { WithdrawalSection } from './WithdrawalSection';

type Action = 'upgrade' | 'to-pro' | 'custom' | 'cancel' | 'reactivate' | 'restart';

interface DialogText {
  title: string;
  text: string;
  confirm: string;
  /** What the dismiss button does, in words: never 'Annuler' when dismissing keeps things as they are. */
  dismiss: string;
  tone?: 'danger';
}

export const manageMessages = {
  cardUpdated: 'Votre nouvelle carte est enregistrée. Elle sera utilisée pour les prochains prélèvements.',
  restartFailed: "La relance n'a pas pu démarrer. Réessayez dans un instant.",
  cardFailed: "La page de changement de carte n'a pas pu s'ouvrir. Réessayez dans un instant.",
  cardNotSaved: "Votre nouvelle carte n'a pas été enregistrée : la page de Stripe a expiré. Réessayez avec « Changer de carte ».",
} as const;

/** The three columns (spec §2): Pro, Business and Teams (the catalogue's plan on quote), by their site type's name. */
const columnName = (plan: PlanId): string => SITE_TYPE_LABELS[planOf(plan).siteType];
const PAID_PLANS = PAID_PLAN_IDS;

/** The plan a restart offers first: the ended subscription's own, or Pro after a plan on quote. */
function restartPlanOf(plan: PlanId): PaidPlanType {
  switch (plan) {
    case 'pro':
    case 'business':
      return plan;
    case 'teams':
      return 'pro';
    default:
      return plan satisfies never;
  }
}

/** '29 €/mois', as the client's plan label says it (@vitrine/domain). */
const monthly = (cents: number) => perMonth(cents);

function dialogFor(action: Action, sub: SiteSubscriptionDto, restartPlan: PaidPlanType, priceCents: number): DialogText {
  switch (action) {
    case 'upgrade':
      return {
        title: 'Passer en Business ?',
        text: `La différence de prix pour la période en cours est facturée maintenant sur votre carte enregistrée. Votre site sera mis à jour sous ${PROMISES.delivery.long}.`,
        confirm: 'Passer en Business',
        dismiss: 'Retour',
      };
    case 'to-pro':
      return {
        title: 'Revenir à la formule Pro ?',
        text: 'Le passage de Business à Pro se fait avec notre équipe : écrivez-nous depuis le support.',
        confirm: 'Contacter le support',
        dismiss: 'Retour',
      };
    case 'custom':
      return {
        title: `Formule ${columnName(QUOTE_PLAN_ID)}`,
        text: `La formule ${columnName(QUOTE_PLAN_ID)} se construit sur devis avec notre équipe : écrivez-nous depuis le support.`,
        confirm: 'Contacter le support',
        dismiss: 'Retour',
      };
    case 'cancel':
      return {
        title: 'Annuler à la fin de la période ?',
        text: 'Votre site reste en ligne jusqu’à la fin de la période en cours, puis il sera suspendu. Vous pourrez réactiver l’abonnement d’ici là.',
        confirm: 'Annuler à la fin de la période',
        dismiss: 'Garder mon abonnement',
        tone: 'danger',
      };
    case 'reactivate':
      return {
        title: 'Réactiver l’abonnement ?',
        text: sub.cancelAtPeriodEnd
          ? 'Votre abonnement reprend immédiatement : il ne prendra pas fin à la fin de la période.'
          : 'La facture en attente est réglée maintenant avec votre carte enregistrée, et votre abonnement continue.',
        confirm: 'Réactiver',
        dismiss: 'Retour',
      };
    case 'restart':
      return {
        title: 'Relancer votre site ?',
        text: `Un nouvel abonnement ${columnName(restartPlan)} à ${monthly(priceCents)} commence aujourd’hui, et votre site revient en ligne avec tout son historique. Vous allez être dirigé vers la page de paiement sécurisée.`,
        confirm: 'Relancer mon site',
        dismiss: 'Retour',
      };
  }
}

/** The failure the server explains in French (a refused action: 4xx), or the given fallback. */
function failureText(error: unknown, fallback: string | null): string | null {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : fallback;
}

/** 'Relancer mon site': the plan of the new subscription (Pro or Business), then the confirmation. */
function RestartSection({
  sub,
  plans,
  plan,
  onPlan,
  onRestart,
}: {
  sub: SiteSubscriptionDto;
  plans: PlanDto[];
  plan: PaidPlanType;
  onPlan: (plan: PaidPlanType) => void;
  onRestart: () => void;
}) {
  const name = useId();
  const price = (id: PaidPlanType) => plans.find((p) => p.id === id)?.monthlyPriceCents ?? monthlyPriceOf(id);
  return (
    <Card className="mt-6" id="relancer">
      <h2 className="text-lg font-semibold">Relancer mon site</h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {sub.endedAt ? `Votre abonnement a pris fin le ${formatDate(sub.endedAt)}. ` : 'Votre abonnement est terminé. '}
        Choisissez une formule : un nouvel abonnement démarre aujourd’hui et votre site revient en ligne avec tout son historique.
      </p>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Formule du nouvel abonnement</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {PAID_PLANS.map((id) => (
            <label
              key={id}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg border px-4 py-3 text-sm',
                plan === id
                  ? 'border-brand-500 bg-brand-50 dark:border-brand-400 dark:bg-brand-950/40'
                  : 'border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800/40',
              )}
            >
              <input
                type="radio"
                name={name}
                value={id}
                checked={plan === id}
                onChange={() => onPlan(id)}
                className="size-4 accent-brand-600"
              />
              <span>
                <span className="font-semibold">{columnName(id)}</span> · {monthly(price(id))}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button className="mt-5" onClick={onRestart}>
        Relancer mon site
      </Button>
    </Card>
  );
}

/** 'Moyen de paiement': Stripe's page to save a new card, which pays the next charges. */
function PaymentMethodCard({ siteId }: { siteId: string }) {
  const changeCard = useChangeSiteCard({ mutation: { onSuccess: (session) => externalNavigation.assign(session.url) } });
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold">Moyen de paiement</h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Votre carte enregistrée paie chaque mois cet abonnement. Changez-la si elle arrive à expiration ou si un paiement a échoué : la
        nouvelle carte sera utilisée pour les prochains prélèvements.
      </p>
      {changeCard.isError ? (
        <Alert tone="error" className="mt-4">
          {failureText(changeCard.error, manageMessages.cardFailed)}
        </Alert>
      ) : null}
      <Button
        variant="secondary"
        className="mt-4"
        loading={changeCard.isPending || changeCard.isSuccess}
        onClick={() => changeCard.mutate({ id: siteId })}
      >
        Changer de carte
      </Button>
    </Card>
  );
}

/** /dashboard/sites/{siteId}/manage: the subscription of a site, its plan, its card, its cancellation or its restart (spec §2, §4, §8). */
export function SiteManagePage() {
  const { siteId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const subscription = useGetSiteSubscription(siteId);
  // The plans' prices and features, as the home page shows them.
  const catalogue = useGetCatalogue({ query: { staleTime: Infinity } });
  const [action, setAction] = useState<Action | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [chosenPlan, setChosenPlan] = useState<PaidPlanType | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  // Back from Stripe's card page (?card=updated&session_id=…): nothing of the subscription is shown until the server
  // has recorded the new card (Stripe's webhook comes late; a failing renewal may be paid with it) and the page has
  // read it again; then it is said once, and the parameters leave the address. An older link without the session says
  // it at once.
  const [cardSession] = useState(() => (searchParams.get('card') === 'updated' ? searchParams.get('session_id') : null));
  const [cardUpdatedWithoutSession] = useState(() => searchParams.get('card') === 'updated' && !searchParams.get('session_id'));
  const cardInUrl = searchParams.has('card');
  const reloadPaid = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getGetSiteSubscriptionQueryKey(siteId) }),
        queryClient.invalidateQueries({ queryKey: getListPaymentIssuesQueryKey() }),
      ]),
    [queryClient, siteId],
  );
  const card = useCheckoutReturn(siteId, cardSession, reloadPaid);
  const cardUpdated = card.phase === 'confirmed' || cardUpdatedWithoutSession;
  const cardSettled = card.phase !== null && card.phase !== 'confirming';

  useEffect(() => {
    if (!cardInUrl || (cardSession !== null && !cardSettled)) return;
    if (cardSession === null) void reloadPaid();
    setSearchParams(
      (params) => {
        params.delete('card');
        params.delete('session_id');
        return params;
      },
      { replace: true },
    );
  }, [cardInUrl, cardSession, cardSettled, reloadPaid, setSearchParams]);

  const { upgrade, cancel, reactivate, restart } = useSubscriptionActions(siteId);
  const busy = upgrade.isPending || cancel.isPending || reactivate.isPending || restart.isPending || redirecting;

  const header = (
    <>
      <ButtonLink to={paths.dashboard.site(siteId)} variant="ghost" size="sm" className="-ml-3">
        ← Retour au site
      </ButtonLink>
      <PageHeader eyebrow="Espace client" title="Gérer l'abonnement" />
      {cardUpdated ? (
        <Alert tone="success" className="mt-6">
          {manageMessages.cardUpdated}
        </Alert>
      ) : null}
      {card.phase === 'none' ? (
        <Alert tone="error" className="mt-6">
          {manageMessages.cardNotSaved}
        </Alert>
      ) : null}
    </>
  );

  if (card.phase === 'confirming') {
    return (
      <Container className="py-10 sm:py-12">
        {header}
        <ConfirmationPending gaveUp={card.gaveUp} className="mt-8" />
      </Container>
    );
  }
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
  const plans = catalogue.data?.plans ?? [];
  const current = sub.plan ?? QUOTE_PLAN_ID;
  const ended = sub.canRestart || sub.endedAt !== null;
  const restartPlan: PaidPlanType = chosenPlan ?? restartPlanOf(current);
  const restartPrice = plans.find((p) => p.id === restartPlan)?.monthlyPriceCents ?? monthlyPriceOf(restartPlan);
  const dialog = action ? dialogFor(action, sub, restartPlan, restartPrice) : null;

  const confirm = async () => {
    if (!action) return;
    setFailure(null);
    if (action === 'to-pro' || action === 'custom') {
      navigate(paths.dashboard.support);
      return;
    }
    try {
      if (action === 'restart') {
        const session = await restart.mutateAsync({ id: siteId, data: { planType: restartPlan } });
        // The dialog stays up, busy, while the browser leaves for the checkout.
        setRedirecting(true);
        externalNavigation.assign(session.url);
        return;
      }
      if (action === 'upgrade') {
        const result = await upgrade.mutateAsync({ id: siteId });
        // 3-D Secure: the upgrade page takes the client to the invoice's page to authenticate the payment, then waits.
        navigate(result.redirectTo, result.authenticationUrl ? { state: { authenticationUrl: result.authenticationUrl } } : undefined);
        return;
      }
      if (action === 'cancel') await cancel.mutateAsync({ id: siteId });
      if (action === 'reactivate') await reactivate.mutateAsync({ id: siteId });
    } catch (error) {
      setFailure(failureText(error, action === 'restart' ? manageMessages.restartFailed : null));
    }
    setAction(null);
  };

  const planAction = (plan: PlanId) => {
    if (ended) {
      // After the end: no plan change, only the choice of the restart's plan.
      if (!sub.canRestart || !isPaidPlanId(plan)) return null;
      return plan === restartPlan ? (
        <Badge tone="brand">Formule choisie</Badge>
      ) : (
        <Button variant="secondary" onClick={() => setChosenPlan(plan)}>
          Choisir {columnName(plan)}
        </Button>
      );
    }
    if (plan === current) return <Badge tone="brand">Formule actuelle</Badge>;
    if (!sub.canChangePlan) return null;
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
      <PaymentIssueNotice issues={sub.paymentIssue ? [sub.paymentIssue] : []} className="mt-6" />
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
            <dd className="mt-1 font-medium">
              {ended && sub.endedAt ? `Abonnement terminé le ${formatDate(sub.endedAt)}` : sub.statusLabel}
            </dd>
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

      {/* After the end, restarting is what the page is for: first, before the plans. */}
      {sub.canRestart ? (
        <RestartSection sub={sub} plans={plans} plan={restartPlan} onPlan={setChosenPlan} onRestart={() => setAction('restart')} />
      ) : null}

      <ul className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-3" aria-label="Formules">
        {plans.map((plan) => {
          const button = planAction(plan.id);
          return (
            <li key={plan.id}>
              <Card className="flex h-full flex-col">
                <h3 className="text-lg font-semibold">{columnName(plan.id)}</h3>
                <p className="mt-1 text-2xl font-bold">{plan.monthlyPriceCents === null ? 'Sur devis' : monthly(plan.monthlyPriceCents)}</p>
                <ul className="mt-4 flex-1 space-y-1 text-sm text-slate-600 dark:text-slate-400">
                  {plan.features.map((f) => (
                    <li key={f}>• {f}</li>
                  ))}
                </ul>
                {button ? <div className="mt-6">{button}</div> : null}
              </Card>
            </li>
          );
        })}
      </ul>
      {!ended && !sub.canChangePlan ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          Les changements de formule sont proposés lorsque l'abonnement est actif et sans annulation programmée.
        </p>
      ) : null}

      {ended ? null : (
        <Card className="mt-6">
          <h2 className="text-lg font-semibold">Annulation</h2>
          {sub.canReactivate ? (
            <>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                {sub.cancelAtPeriodEnd
                  ? sub.currentPeriodEnd
                    ? `L'abonnement prendra fin le ${formatDate(sub.currentPeriodEnd)}.`
                    : "L'abonnement prendra fin à la fin de la période en cours."
                  : 'Le dernier paiement a échoué : réactiver règle la facture en attente avec votre carte enregistrée.'}
              </p>
              <Button className="mt-4" onClick={() => setAction('reactivate')}>
                Réactiver
              </Button>
            </>
          ) : null}
          {sub.canCancel ? (
            <>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                Votre site reste en ligne jusqu'à la fin de la période en cours
                {sub.currentPeriodEnd ? ` (${formatDate(sub.currentPeriodEnd)})` : ''}.
              </p>
              <Button variant="danger" className="mt-4" onClick={() => setAction('cancel')}>
                Annuler à la fin de la période
              </Button>
            </>
          ) : null}
          {!sub.canReactivate && !sub.canCancel ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">L'abonnement n'est pas actif.</p>
          ) : null}
        </Card>
      )}

      {sub.canChangeCard ? <PaymentMethodCard siteId={siteId} /> : null}

      {/* A consumer's order of less than 14 days: the withdrawal form (or, once sent, its acknowledgement). */}
      <WithdrawalSection siteId={siteId} />

      {dialog ? (
        <ConfirmDialog
          title={dialog.title}
          confirmLabel={dialog.confirm}
          cancelLabel={dialog.dismiss}
          tone={dialog.tone}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setAction(null)}
        >
          {dialog.text}
        </ConfirmDialog>
      ) : null}
    </Container>
  );
}
