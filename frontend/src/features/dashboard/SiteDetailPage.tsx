import { hasBusinessOptions } from '@vitrine/domain';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { getGetSiteSubscriptionQueryKey, getListPaymentIssuesQueryKey } from '../../api/generated/billing/billing';
import { useGetSite } from '../../api/generated/sites/sites';
import { SiteAudience } from '../../components/audience/SiteAudience';
import { ConfirmationPending, useCheckoutReturn } from '../../components/payment-confirmation';
import { PaymentIssueNotice, usePaymentIssues } from '../../components/payment-issue-banner';
import { SiteUptimeCard } from '../../components/site-uptime-card';
import { ClientPaymentBadge } from '../../components/payment-state-badge';
import { ButtonLink } from '../../components/ui/button';
import { Alert, Badge, Card, Container, LoadingScreen } from '../../components/ui/card';
import { paths } from '../../config/paths';
import { isApiError } from '../../api/http';
import { formatDateTime, formatCount } from '../../lib/format';
import { clientSiteStatus } from '../../lib/site-status';
import { ModificationRequestForm } from './ModificationRequestForm';
import { PROGRESSION_STEPS, SITE_STATUS_LABELS, STATUS_CAUSE_LABELS } from '../../lib/site-status';
import type { SiteOrigin } from './site-labels';

/** /dashboard/sites/{id}: one site of the client, its build progress, its history and a modification request. */
export function SiteDetailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const origin = (location.state as { origin?: SiteOrigin } | null)?.origin;
  const [searchParams, setSearchParams] = useSearchParams();
  const site = useGetSite(id);
  const payments = usePaymentIssues(id);
  const upgraded = searchParams.get('upgraded') === 'true';
  // Back from the checkout of a restart (?restarted=1&session_id=…): nothing of the site is shown until the server has
  // recorded the payment (Stripe's webhook comes late) and the page has read the site again; then it is said once, and
  // the parameters leave the address. An older link without the session says it at once.
  const [restartSession] = useState(() => (searchParams.get('restarted') === '1' ? searchParams.get('session_id') : null));
  const [restartedWithoutSession] = useState(() => searchParams.get('restarted') === '1' && !searchParams.get('session_id'));
  const queryClient = useQueryClient();
  const { refetch } = site;
  const reloadPaid = useCallback(
    () =>
      Promise.all([
        refetch(),
        queryClient.invalidateQueries({ queryKey: getGetSiteSubscriptionQueryKey(id) }),
        queryClient.invalidateQueries({ queryKey: getListPaymentIssuesQueryKey() }),
      ]),
    [refetch, queryClient, id],
  );
  const restart = useCheckoutReturn(id, restartSession, reloadPaid);
  const restarted = restart.phase === 'confirmed' || restartedWithoutSession;

  // After an upgrade: reload the site, then take the parameter out of the address.
  useEffect(() => {
    if (!upgraded) return;
    void refetch().then(() => setSearchParams((params) => (params.delete('upgraded'), params), { replace: true, state: location.state }));
  }, [upgraded, refetch, setSearchParams, location.state]);

  const restartedInUrl = searchParams.has('restarted');
  const restartSettled = restart.phase !== null && restart.phase !== 'confirming';
  useEffect(() => {
    if (!restartedInUrl || (restartSession !== null && !restartSettled)) return;
    const clean = () =>
      setSearchParams((params) => (params.delete('restarted'), params.delete('session_id'), params), {
        replace: true,
        state: location.state,
      });
    if (restartSession !== null) clean();
    else void reloadPaid().then(clean);
  }, [restartedInUrl, restartSession, restartSettled, reloadPaid, setSearchParams, location.state]);

  const back =
    origin === 'sites'
      ? { to: paths.dashboard.sites, label: 'Retour à mes sites' }
      : { to: paths.dashboard.root, label: 'Retour au tableau de bord' };

  if (restart.phase === 'confirming') {
    return (
      <Container className="py-10 sm:py-12">
        <ButtonLink to={back.to} variant="ghost" size="sm" className="-ml-3">
          ← {back.label}
        </ButtonLink>
        <ConfirmationPending heading gaveUp={restart.gaveUp} className="mt-4" />
      </Container>
    );
  }
  // The banner is known before the first paint of content: it never pushes the page down.
  if (site.isPending || payments.waiting) return <LoadingScreen />;
  if (site.isError) {
    const notFound = isApiError(site.error) && site.error.status === 404;
    return (
      <Container className="py-10 sm:py-12">
        <Alert tone="error">{notFound ? 'Site introuvable' : 'Erreur de chargement.'}</Alert>
        <ButtonLink to={back.to} variant="secondary" className="mt-6">
          {back.label}
        </ButtonLink>
      </Container>
    );
  }
  const s = site.data;
  const status = clientSiteStatus(s.status);
  const canceled = s.status === 'suspended';
  const done = PROGRESSION_STEPS.filter((step) => s.progression[step.key]).length;

  return (
    <Container className="py-10 sm:py-12">
      <ButtonLink to={back.to} variant="ghost" size="sm" className="-ml-3">
        ← {back.label}
      </ButtonLink>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-brand-600 dark:text-brand-400">{s.planLabel}</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl dark:text-white">{s.siteName}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <Badge tone={status.tone}>{status.label}</Badge>
            <ClientPaymentBadge state={s.paymentState} />
            <span>{s.ageDays === 0 ? 'Créé aujourd’hui' : `Créé il y a ${formatCount(s.ageDays, 'jour')}`}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={paths.dashboard.siteManage(s.id)}>Gérer l'abonnement</ButtonLink>
          {canceled ? null : (
            <ButtonLink to={paths.dashboard.support} variant="secondary">
              Support
            </ButtonLink>
          )}
        </div>
      </div>
      {restarted ? (
        <Alert tone="success" className="mt-6">
          Merci ! Votre paiement est enregistré : votre site repart avec son nouvel abonnement.
        </Alert>
      ) : null}
      {restart.phase === 'none' ? (
        <Alert tone="error" className="mt-6">
          Aucun paiement n’a été enregistré pour cette relance : votre site n’est pas relancé.
        </Alert>
      ) : null}
      <PaymentIssueNotice issues={payments.issues} className="mt-6" />
      {canceled ? (
        <Alert tone="info" className="mt-6">
          Abonnement annulé
        </Alert>
      ) : null}

      <div className="mt-8 grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <h2 className="text-lg font-semibold">Informations</h2>
            <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Domaine</dt>
                <dd className="mt-1 font-medium break-all">
                  {s.domain ? (
                    <a
                      href={`https://${s.domain}`}
                      target="_blank"
                      rel="noreferrer"
                      className="text-brand-700 underline dark:text-brand-300"
                    >
                      {s.domain}
                    </a>
                  ) : (
                    'Aucun domaine'
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Statut</dt>
                <dd className="mt-1 font-medium">{status.label}</dd>
              </div>
            </dl>
            <p className="mt-4 text-xs text-slate-600 dark:text-slate-400">Le domaine et le statut sont gérés par notre équipe.</p>
            {hasBusinessOptions(s.type) ? (
              <ButtonLink to={paths.dashboard.siteBusinessOptions(s.id)} variant="secondary" size="sm" className="mt-4">
                Options Business
              </ButtonLink>
            ) : null}
          </Card>

          <Card>
            <ModificationRequestForm siteId={s.id} options={s.modificationOptions} />
          </Card>

          <SiteAudience siteId={s.id} />
        </div>

        <div className="space-y-6">
          {s.status === 'pending' ? (
            <Card>
              <h2 className="text-lg font-semibold">Avancement</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{(done / PROGRESSION_STEPS.length) * 100} %</p>
              <ol className="mt-4 space-y-2 text-sm" aria-label="Étapes de création">
                {PROGRESSION_STEPS.map((step) => (
                  <li key={step.key} className="flex items-center gap-2">
                    <span
                      aria-hidden="true"
                      className={
                        s.progression[step.key]
                          ? 'flex size-5 items-center justify-center rounded-full bg-emerald-600 text-xs text-white'
                          : 'size-5 rounded-full border-2 border-slate-300 dark:border-slate-600'
                      }
                    >
                      {s.progression[step.key] ? '✓' : null}
                    </span>
                    <span>{step.label}</span>
                    <span className="sr-only">{s.progression[step.key] ? '(fait)' : '(à faire)'}</span>
                  </li>
                ))}
              </ol>
            </Card>
          ) : null}

          <SiteUptimeCard siteId={s.id} />

          <Card>
            <h2 className="text-lg font-semibold">Historique du statut</h2>
            {s.statusHistory.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Aucun changement.</p>
            ) : (
              <ul className="mt-4 space-y-3 text-sm">
                {s.statusHistory.map((h) => (
                  <li key={`${h.createdAt}-${h.toStatus}`}>
                    <p className="font-medium">
                      {h.fromStatus ? `${SITE_STATUS_LABELS[h.fromStatus]} → ` : ''}
                      {SITE_STATUS_LABELS[h.toStatus]}
                    </p>
                    <p className="text-slate-600 dark:text-slate-400">
                      {formatDateTime(h.createdAt)} · {STATUS_CAUSE_LABELS[h.cause]}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
    </Container>
  );
}
