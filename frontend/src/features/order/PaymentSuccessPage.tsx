import { PROMISES } from '@vitrine/domain';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useGetCheckoutSession } from '../../api/generated/billing/billing';
import { useGetSite } from '../../api/generated/sites/sites';
import type { CheckoutSessionStatusDto } from '../../api/generated/model';
import { ConfirmationSlow } from '../../components/payment-confirmation';
import { ButtonLink } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth/session';
import { CONFIRMING_TEXT, untilKnown, useGaveUp } from '../../lib/payment-confirmation';
import { ResultCard } from './PaymentResult';

export const paymentMessages = {
  missingSession: 'Session de paiement manquante',
  failed: 'Erreur lors du traitement du paiement',
  debitPending: 'Merci, votre commande est bien reçue',
  debitPendingText:
    'Votre prélèvement SEPA est en cours de traitement : nous démarrons votre site dès sa confirmation par votre banque (en général sous quelques jours ouvrés). Vous recevrez un e-mail.',
  debitFailed: 'Votre prélèvement SEPA a été refusé',
  debitFailedText:
    'Votre banque a refusé le prélèvement : rien n’a été débité et votre site n’a pas été lancé. Votre commande est conservée : payez-la à nouveau, par carte bancaire ou avec un autre compte bancaire.',
} as const;

/** After a success, the page goes back home (spec §2), or to the dashboard for a signed-in buyer, unless the reader stays. */
export const HOME_AFTER_SECONDS = 60;

const isYes = (value: string | null) => value === '1' || value === 'true';
const linkClass = 'font-semibold text-brand-700 hover:underline dark:text-brand-300';

/**
 * The payment is settled one way or the other, or is a SEPA debit whose bank answers in days (nothing more to wait for
 * here). A session completed unpaid is waited for until the server knows it as a debit.
 */
function settled(status: CheckoutSessionStatusDto | undefined): boolean {
  if (!status) return false;
  if (status.status === 'expired') return true;
  return status.status === 'complete' && (status.provisioned || status.debit != null);
}

function DebitPending() {
  return (
    <ResultCard
      tone="waiting"
      title={paymentMessages.debitPending}
      actions={
        <ButtonLink to={paths.home} variant="secondary">
          Retour à l'accueil
        </ButtonLink>
      }
    >
      <p>{paymentMessages.debitPendingText}</p>
      <p className="text-sm">
        Une question ?{' '}
        <Link to={paths.contact} className={linkClass}>
          Contactez-nous
        </Link>
        .
      </p>
    </ResultCard>
  );
}

function DebitFailed() {
  return (
    <ResultCard
      tone="error"
      title={paymentMessages.debitFailed}
      actions={
        <>
          <ButtonLink to={paths.order}>Payer à nouveau ma commande</ButtonLink>
          <ButtonLink to={paths.contact} variant="secondary">
            Nous contacter
          </ButtonLink>
        </>
      }
    >
      <p>{paymentMessages.debitFailedText}</p>
    </ResultCard>
  );
}

function MissingSession() {
  return (
    <ResultCard
      tone="error"
      title={paymentMessages.missingSession}
      actions={
        <>
          <ButtonLink to={paths.contact}>Nous contacter</ButtonLink>
          <ButtonLink to={paths.home} variant="secondary">
            Retour à l'accueil
          </ButtonLink>
        </>
      }
    >
      <p>Ce lien ne contient pas de paiement à vérifier. Si vous venez de payer, contactez-nous : nous retrouverons votre commande.</p>
    </ResultCard>
  );
}

function PaymentFailed() {
  return (
    <ResultCard
      tone="error"
      title={paymentMessages.failed}
      actions={
        <>
          <ButtonLink to={paths.order}>Revenir à ma commande</ButtonLink>
          <ButtonLink to={paths.contact} variant="secondary">
            Nous contacter
          </ButtonLink>
        </>
      }
    >
      <p>
        Votre paiement n'a pas pu être confirmé. Votre commande est conservée : vous pouvez réessayer, ou nous contacter si vous avez été
        débité.
      </p>
    </ResultCard>
  );
}

/**
 * The countdown after a success: a visitor goes back home (spec §2), a signed-in buyer on to their dashboard, where
 * the new site is; 'Rester sur cette page' stops it.
 */
function RedirectCountdown({ signedIn }: { signedIn: boolean }) {
  const navigate = useNavigate();
  const [seconds, setSeconds] = useState(HOME_AFTER_SECONDS);
  const [stopped, setStopped] = useState(false);
  const target = signedIn ? paths.dashboard.root : paths.home;
  useEffect(() => {
    if (stopped) return;
    if (seconds <= 0) {
      navigate(target);
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds, stopped, navigate, target]);
  if (stopped) return null;
  return (
    <p className="text-sm text-slate-500 dark:text-slate-400">
      {signedIn ? `Accès à votre tableau de bord dans ${seconds} s.` : `Retour à l'accueil dans ${seconds} s.`}{' '}
      <button type="button" className={linkClass} onClick={() => setStopped(true)}>
        Rester sur cette page
      </button>
    </p>
  );
}

/** The Business options form's link, for a Business site only (as the server knows the site): a Pro site has no such form. */
function BusinessOptionsLink({ siteId }: { siteId: string }) {
  const site = useGetSite(siteId, { query: { retry: false, refetchOnWindowFocus: false } });
  if (site.data?.type !== 'business') return null;
  return (
    <p>
      <Link to={paths.dashboard.siteBusinessOptions(siteId)} className={linkClass}>
        Choisir les options Business de votre site
      </Link>
    </p>
  );
}

function PaymentStatus({
  sessionId,
  prefersCallInUrl,
  siteIdInUrl,
}: {
  sessionId: string;
  prefersCallInUrl: boolean;
  siteIdInUrl: string | null;
}) {
  const { status: authStatus } = useAuth();
  const [startedAt] = useState(() => Date.now());
  const query = useGetCheckoutSession(sessionId, {
    query: {
      // Once the session is known: its buyer signed in is told the site and the rest, a visitor only the status.
      enabled: authStatus !== 'loading',
      retry: 2,
      refetchOnWindowFocus: false,
      // Until Stripe's webhook has reached the server and the order is recorded, ask again, a little later each time.
      refetchInterval: untilKnown(startedAt, settled),
    },
  });
  const data = query.data;
  const gaveUp = useGaveUp(startedAt, !settled(data) && !query.isError);

  if (data && !data.provisioned && data.debit === 'processing') return <DebitPending />;
  if (data && !data.provisioned && data.debit === 'failed') return <DebitFailed />;
  if (query.isError || data?.status === 'expired') return <PaymentFailed />;
  if (!data?.provisioned || authStatus === 'loading') {
    return (
      <ResultCard tone="waiting" title={CONFIRMING_TEXT}>
        {gaveUp ? (
          <>
            <ConfirmationSlow />
            <p className="text-sm">
              Vous recevrez aussi un e-mail dès que votre commande sera enregistrée. Une question ?{' '}
              <Link to={paths.contact} className={linkClass}>
                Contactez-nous
              </Link>
              .
            </p>
          </>
        ) : null}
      </ResultCard>
    );
  }

  const signedIn = authStatus === 'authenticated';
  const prefersCall = data.prefersCall || prefersCallInUrl;
  const siteId = data.siteId ?? siteIdInUrl;
  return (
    <ResultCard
      tone="success"
      title="Merci, votre commande est confirmée !"
      actions={
        signedIn ? (
          <>
            <ButtonLink to={paths.dashboard.root}>Accéder à mon tableau de bord</ButtonLink>
            {siteId ? (
              <ButtonLink to={paths.dashboard.site(siteId)} variant="secondary">
                Voir mon site
              </ButtonLink>
            ) : null}
          </>
        ) : (
          <>
            <ButtonLink to={paths.login}>Se connecter</ButtonLink>
            <ButtonLink to={paths.contact} variant="secondary">
              Nous contacter
            </ButtonLink>
          </>
        )
      }
    >
      {signedIn ? (
        <p>
          Votre nouveau site apparaît dans votre tableau de bord, en attente de création. Nous le mettons en ligne sous{' '}
          {PROMISES.delivery.short} et vous tenons informé de chaque étape.
        </p>
      ) : (
        <p>
          {/* The server tells a visitor nothing about the account (the session id alone proves nothing): one text for all. */}
          Consultez votre boîte e-mail : votre confirmation de commande s'y trouve et, si votre espace client vient d'être créé, le lien
          pour choisir votre mot de passe. Connectez-vous ensuite pour suivre la création de votre site.
        </p>
      )}
      {prefersCall ? (
        <p>
          Vous avez choisi d'être rappelé : un conseiller vous appelle sous {PROMISES.callback} pour un échange de 30 minutes sur le contenu
          de votre site.
        </p>
      ) : null}
      {signedIn && siteId ? <BusinessOptionsLink siteId={siteId} /> : null}
      <p className="text-sm">
        Une question ?{' '}
        <Link to={paths.contact} className={linkClass}>
          Contactez-nous
        </Link>
        .
      </p>
      <RedirectCountdown signedIn={signedIn} />
    </ResultCard>
  );
}

/**
 * /payment-success (spec §2): back from the hosted checkout. Without session_id, the error view; with upgrade=1 and
 * site_id, on to /upgrade-success. Otherwise it asks the server (a little later each time, for a minute) until Stripe's
 * webhook has recorded the order, saying 'Paiement en cours de confirmation…' until then, and only then says it is
 * confirmed (a visitor is told to check their e-mail, a signed-in client goes to the dashboard).
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() ?? '';
  const siteId = params.get('site_id')?.trim() || null;

  if (isYes(params.get('upgrade')) && siteId) {
    const next = new URLSearchParams();
    if (sessionId) next.set('session_id', sessionId);
    next.set('site_id', siteId);
    return <Navigate to={`${paths.upgradeSuccess}?${next.toString()}`} replace />;
  }
  if (!sessionId) return <MissingSession />;
  return <PaymentStatus sessionId={sessionId} prefersCallInUrl={isYes(params.get('prefers_call'))} siteIdInUrl={siteId} />;
}
