import { hasBusinessOptions, SITE_TYPE_LABELS } from '@vitrine/domain';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useGetCheckoutSession } from '../../api/generated/billing/billing';
import { useGetSite } from '../../api/generated/sites/sites';
import type { SiteDetailDto } from '../../api/generated/model';
import { isApiError } from '../../api/http';
import { ConfirmationSlow } from '../../components/payment-confirmation';
import { ButtonLink, buttonClasses } from '../../components/ui/button';
import { LoadingScreen } from '../../components/ui/card';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth/session';
import { CONFIRMING_TEXT, untilKnown, useGaveUp } from '../../lib/payment-confirmation';
import { ResultCard } from './PaymentResult';

export const upgradeMessages = {
  failed: "Erreur lors du traitement de la modification d'abonnement",
  authenticationTitle: 'Authentification requise',
  authenticationText:
    'Votre banque demande de confirmer le paiement du passage en Business (3-D Secure). Rien n’est débité avant : confirmez-le sur la page de la facture, votre formule change dès que le paiement est reçu.',
  authenticate: 'Confirmer le paiement',
} as const;

/** The pause before the page shows its result (spec §2): 1 s for a site change, 2 s after a new payment. */
export const SITE_CHANGE_WAIT_MS = 1000;
export const NEW_PAYMENT_WAIT_MS = 2000;

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

/**
 * The result, with the plan the server knows for the site (never the query's plan_type, which anyone can write);
 * without the site (signed out, or it could not be read) the text names no plan.
 */
function Done({ site, downgrade }: { site: SiteDetailDto | null; downgrade: boolean }) {
  const plan = site ? SITE_TYPE_LABELS[site.type] : null;
  const business = !downgrade && !!site && hasBusinessOptions(site.type);
  return (
    <ResultCard
      tone="success"
      title={downgrade ? 'Votre formule a changé' : 'Votre abonnement est mis à jour !'}
      actions={
        <>
          {business && site ? (
            <ButtonLink to={paths.dashboard.siteBusinessOptions(site.id)}>Remplir le formulaire Business</ButtonLink>
          ) : null}
          <ButtonLink to={paths.dashboard.root} variant={business ? 'secondary' : 'primary'}>
            Accéder à mon tableau de bord
          </ButtonLink>
          {site ? (
            <ButtonLink to={paths.dashboard.site(site.id)} variant="secondary">
              Voir mon site
            </ButtonLink>
          ) : null}
          <ButtonLink to={paths.dashboard.support} variant="ghost">
            Support
          </ButtonLink>
        </>
      }
    >
      <p>{plan ? `Votre site est maintenant en formule ${plan}.` : 'Votre abonnement a bien été modifié.'}</p>
      {downgrade ? (
        <p>Le changement s'applique dès maintenant.</p>
      ) : business ? (
        <p>
          Il repasse en attente le temps que nous ajoutions vos nouvelles fonctionnalités : remplissez le formulaire Business pour nous dire
          ce qu'il vous faut, la mise à jour est faite sous 24 à 48h.
        </p>
      ) : (
        <p>La mise à jour de votre site est faite sous 24 à 48h.</p>
      )}
    </ResultCard>
  );
}

/** The payment is being confirmed: nothing of the site as it was before. */
function Confirming({ gaveUp = false }: { gaveUp?: boolean }) {
  return (
    <ResultCard tone="waiting" title={CONFIRMING_TEXT}>
      {gaveUp ? <ConfirmationSlow /> : null}
    </ResultCard>
  );
}

/**
 * The site as the server knows it for the caller, read on this page (a copy cached before the change, from the site's
 * page a moment ago, is the old state): null when it cannot be read (signed out, network); 'not-found' for another's
 * or an unknown site.
 */
function useServerSite(siteId: string | null): { pending: boolean; site: SiteDetailDto | null; notFound: boolean } {
  const { status } = useAuth();
  const enabled = siteId !== null && status === 'authenticated';
  const query = useGetSite(siteId ?? '', { query: { enabled, retry: false, staleTime: 0, refetchOnMount: 'always' } });
  if (siteId === null || status === 'anonymous') return { pending: false, site: null, notFound: false };
  if (status === 'loading' || query.isPending || !query.isFetchedAfterMount) return { pending: true, site: null, notFound: false };
  if (query.isError) {
    const status404 = isApiError(query.error) && (query.error.status === 404 || query.error.status === 403);
    return { pending: false, site: null, notFound: status404 };
  }
  return { pending: false, site: query.data, notFound: false };
}

function Result({ siteId, downgrade }: { siteId: string | null; downgrade: boolean }) {
  const server = useServerSite(siteId);
  // An upgrade is paid (the prorated difference): said as every payment being confirmed; a downgrade pays nothing.
  if (server.pending) return downgrade ? <LoadingScreen label="Mise à jour de votre abonnement..." /> : <Confirming />;
  if (server.notFound) return <Failed siteId={null} />;
  return <Done site={server.site} downgrade={downgrade} />;
}

/** An http(s) address, else null: a state handed by the manage page is shown as a link only if it is one. */
function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * An upgrade whose payment the bank asks the client to authenticate (3-D Secure): the invoice's page, opened from here
 * (a new tab), then 'Paiement en cours de confirmation…' until the server knows the site in Business.
 */
function AuthenticatedUpgrade({ siteId }: { siteId: string }) {
  const location = useLocation();
  const url = httpUrl((location.state as { authenticationUrl?: unknown } | null)?.authenticationUrl);
  const [startedAt] = useState(() => Date.now());
  // Without the invoice's address (the page reloaded), the page only waits for the payment.
  const [opened, setOpened] = useState<number | null>(url ? null : startedAt);
  const upgraded = (site: SiteDetailDto | undefined) => site?.type === 'business';
  const query = useGetSite(siteId, {
    query: { retry: 1, staleTime: 0, refetchOnWindowFocus: true, refetchInterval: untilKnown(opened ?? startedAt, upgraded) },
  });
  const gaveUp = useGaveUp(opened ?? 0, opened !== null && !upgraded(query.data));
  if (upgraded(query.data)) return <Done site={query.data ?? null} downgrade={false} />;
  if (opened !== null) return <Confirming gaveUp={gaveUp} />;
  return (
    <ResultCard
      tone="waiting"
      title={upgradeMessages.authenticationTitle}
      actions={
        <a href={url!} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary')} onClick={() => setOpened(Date.now())}>
          {upgradeMessages.authenticate}
        </a>
      }
    >
      <p>{upgradeMessages.authenticationText}</p>
    </ResultCard>
  );
}

function PaidUpgrade({ sessionId, siteId, downgrade }: { sessionId: string; siteId: string | null; downgrade: boolean }) {
  const [startedAt] = useState(() => Date.now());
  const paid = (data: { status: string } | undefined) => data !== undefined && data.status !== 'open';
  const query = useGetCheckoutSession(sessionId, {
    query: { retry: 2, refetchOnWindowFocus: false, refetchInterval: untilKnown(startedAt, paid) },
  });
  const data = query.data;
  const gaveUp = useGaveUp(startedAt, !paid(data) && !query.isError);
  if (query.isError || data?.status === 'expired' || (data?.status === 'complete' && data.paymentStatus === 'unpaid'))
    return <Failed siteId={siteId} />;
  if (!paid(data)) return <Confirming gaveUp={gaveUp} />;
  return <Result siteId={siteId} downgrade={downgrade} />;
}

/**
 * /upgrade-success (spec §2): after a plan change. Without session_id nor site_id, back to /dashboard; it waits 1 s
 * (site change) or 2 s (new payment) before showing, and after a payment shows the result only once it is paid and
 * the site read again on this page ('Paiement en cours de confirmation…' until then).
 * The plan shown is the one the server knows for the site: another's site (404) shows the failure, never a plan.
 * After an upgrade to Business, the Business form comes first.
 */
export function UpgradeSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() || null;
  const siteId = params.get('site_id')?.trim() || null;
  const downgrade = params.get('is_downgrade') === 'true' || params.get('is_downgrade') === '1';
  const wait = sessionId ? NEW_PAYMENT_WAIT_MS : SITE_CHANGE_WAIT_MS;
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setReady(true), wait);
    return () => clearTimeout(timer);
  }, [wait]);

  if (!sessionId && !siteId) return <Navigate to={paths.dashboard.root} replace />;
  if (!ready) return <LoadingScreen label="Mise à jour de votre abonnement..." />;
  if (sessionId) return <PaidUpgrade sessionId={sessionId} siteId={siteId} downgrade={downgrade} />;
  if (siteId && params.get('authentication') === '1') return <AuthenticatedUpgrade siteId={siteId} />;
  return <Result siteId={siteId} downgrade={downgrade} />;
}
