import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useGetCheckoutSession } from '../../api/generated/billing/billing';
import { ButtonLink } from '../../components/ui/button';
import { LoadingScreen } from '../../components/ui/card';
import { paths } from '../../config/paths';
import { POLL_INTERVAL_MS } from './PaymentSuccessPage';
import { ResultCard } from './PaymentResult';

export const upgradeMessages = {
  failed: "Erreur lors du traitement de la modification d'abonnement",
} as const;

/** The pause before the page shows its result (spec §2): 1 s for a site change, 2 s after a new payment. */
export const SITE_CHANGE_WAIT_MS = 1000;
export const NEW_PAYMENT_WAIT_MS = 2000;

const PLAN_NAMES: Record<string, string> = { pro: 'Pro', business: 'Business' };

function Failed({ siteId }: { siteId: string | null }) {
  return (
    <ResultCard
      tone="error"
      title={upgradeMessages.failed}
      actions={
        <>
          <ButtonLink to={paths.dashboard.support}>Contacter le support</ButtonLink>
          <ButtonLink to={siteId ? paths.dashboard.site(siteId) : paths.dashboard.root} variant="secondary">
            {siteId ? 'Retour à mon site' : 'Retour au tableau de bord'}
          </ButtonLink>
        </>
      }
    >
      <p>Votre abonnement n'a pas été modifié. Réessayez depuis la page de votre site, ou écrivez-nous : nous regardons cela avec vous.</p>
    </ResultCard>
  );
}

function Done({ siteId, planType, downgrade }: { siteId: string | null; planType: string | null; downgrade: boolean }) {
  const plan = planType ? (PLAN_NAMES[planType] ?? planType) : null;
  return (
    <ResultCard
      tone="success"
      title={downgrade ? 'Votre formule a changé' : 'Votre abonnement est mis à jour !'}
      actions={
        <>
          <ButtonLink to={paths.dashboard.root}>Accéder à mon tableau de bord</ButtonLink>
          {siteId ? (
            <ButtonLink to={paths.dashboard.site(siteId)} variant="secondary">
              Voir mon site
            </ButtonLink>
          ) : null}
          <ButtonLink to={paths.dashboard.support} variant="ghost">
            Support
          </ButtonLink>
        </>
      }
    >
      {downgrade ? (
        <p>{plan ? `Votre site est maintenant en formule ${plan}.` : 'Votre site a changé de formule.'} Le changement s'applique dès maintenant.</p>
      ) : (
        <p>
          {plan ? `Votre site passe en formule ${plan}. ` : ''}Il repasse en attente le temps que nous ajoutions vos nouvelles fonctionnalités : la mise à jour est faite sous 24 à
          48h.
        </p>
      )}
    </ResultCard>
  );
}

function PaidUpgrade({ sessionId, siteId, planType, downgrade }: { sessionId: string; siteId: string | null; planType: string | null; downgrade: boolean }) {
  const query = useGetCheckoutSession(sessionId, {
    query: { retry: 2, refetchOnWindowFocus: false, refetchInterval: (q) => (q.state.data?.status === 'open' ? POLL_INTERVAL_MS : false) },
  });
  const data = query.data;
  if (query.isError || data?.status === 'expired' || (data?.status === 'complete' && data.paymentStatus === 'unpaid')) return <Failed siteId={siteId} />;
  if (!data || data.status === 'open') return <LoadingScreen label="Vérification de votre paiement..." />;
  return <Done siteId={siteId} planType={planType} downgrade={downgrade} />;
}

/**
 * /upgrade-success (spec §2): after a plan change. Without session_id nor site_id, back to /dashboard; it waits 1 s
 * (site change) or 2 s (new payment) before showing, and after a payment shows the result only once it is paid.
 * A downgrade shows the new plan at once.
 */
export function UpgradeSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() || null;
  const siteId = params.get('site_id')?.trim() || null;
  const planType = params.get('plan_type');
  const downgrade = params.get('is_downgrade') === 'true' || params.get('is_downgrade') === '1';
  const wait = sessionId ? NEW_PAYMENT_WAIT_MS : SITE_CHANGE_WAIT_MS;
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setReady(true), wait);
    return () => clearTimeout(timer);
  }, [wait]);

  if (!sessionId && !siteId) return <Navigate to={paths.dashboard.root} replace />;
  if (!ready) return <LoadingScreen label="Mise à jour de votre abonnement..." />;
  if (sessionId) return <PaidUpgrade sessionId={sessionId} siteId={siteId} planType={planType} downgrade={downgrade} />;
  return <Done siteId={siteId} planType={planType} downgrade={downgrade} />;
}
