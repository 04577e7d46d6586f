import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useChangeSiteCard, useGetSiteInvoiceConfirmation, useListPaymentIssues } from '../api/generated/billing/billing';
import type { PaymentIssueDto } from '../api/generated/model';
import { isApiError } from '../api/http';
import { paths } from '../config/paths';
import { cn } from '../lib/cn';
import { externalNavigation } from '../lib/external-navigation';
import { untilKnown, useGaveUp } from '../lib/payment-confirmation';
import { ConfirmationPending } from './payment-confirmation';
import { Button, buttonClasses } from './ui/button';

export const paymentIssueMessages = {
  pay: 'Régler maintenant',
  /** A payment the bank asks the client to confirm (3-D Secure) on the invoice's page */
  authenticate: 'Authentifier le paiement',
  authenticationTitle: 'Authentification requise',
  changeCard: 'Changer de carte',
  changeCardFailed: "La page de changement de carte n'a pas pu s'ouvrir. Réessayez dans un instant.",
} as const;

function IssueItem({ issue, onPay }: { issue: PaymentIssueDto; onPay: () => void }) {
  const messageId = useId();
  const changeCard = useChangeSiteCard({ mutation: { onSuccess: (session) => externalNavigation.assign(session.url) } });
  // The server's own French message for a refusal it explains (409: no card to change); a generic one otherwise.
  const failure = changeCard.isError
    ? isApiError(changeCard.error) && changeCard.error.status >= 400 && changeCard.error.status < 500
      ? changeCard.error.message
      : paymentIssueMessages.changeCardFailed
    : null;
  const payClass = buttonClasses('danger', 'sm');
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      {/* Each issue is an alert (announced as the banner appears, and its failures with it), holding its message and its two ways out. */}
      <div role="alert">
        <p id={messageId} className="text-sm text-red-900 dark:text-red-100">
          {issue.message}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {issue.payUrl ? (
            // Stripe's hosted invoice page, in a new tab: the issues are asked again when this tab gets the focus back.
            <a
              href={issue.payUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={messageId}
              className={payClass}
              onClick={onPay}
            >
              {issue.reason === 'authentication_required' ? paymentIssueMessages.authenticate : paymentIssueMessages.pay}
            </a>
          ) : (
            <Link to={paths.dashboard.siteManage(issue.siteId)} aria-describedby={messageId} className={payClass}>
              {paymentIssueMessages.pay}
            </Link>
          )}
          <Button
            variant="secondary"
            size="sm"
            aria-describedby={messageId}
            loading={changeCard.isPending || changeCard.isSuccess}
            onClick={() => changeCard.mutate({ id: issue.siteId })}
          >
            {paymentIssueMessages.changeCard}
          </Button>
        </div>
        {failure ? <p className="mt-2 text-sm font-medium text-red-800 dark:text-red-300">{failure}</p> : null}
      </div>
    </li>
  );
}

/** An invoice opened on Stripe's hosted page from the notice, and since when the page waits for its payment. */
interface OpenedInvoice {
  siteId: string;
  invoiceId: string;
  since: number;
}

/**
 * Back from Stripe's hosted invoice page (a new tab, the notice's tab gets the focus back): asks the server whether the
 * invoice is paid (`untilKnown`, for a minute from the click and from each return to the tab). While Stripe has the
 * payment and its webhook is late, the issue is 'confirming'; once recorded, the page's data is read again (the issue
 * then leaves the list) before the notice forgets it.
 */
function useInvoiceReturn(): {
  opened: OpenedInvoice | null;
  open: (issue: PaymentIssueDto) => void;
  confirming: boolean;
  gaveUp: boolean;
} {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState<OpenedInvoice | null>(null);
  const query = useGetSiteInvoiceConfirmation(opened?.siteId ?? '', opened?.invoiceId ?? '', {
    query: {
      enabled: opened !== null,
      retry: 1,
      staleTime: 0,
      gcTime: 0,
      refetchOnWindowFocus: true,
      refetchInterval: untilKnown(opened?.since ?? 0, (data) => data?.state === 'confirmed'),
    },
  });
  const state = opened ? query.data?.state : undefined;
  useEffect(() => {
    if (!opened) return;
    const back = () => setOpened((o) => (o ? { ...o, since: Date.now() } : o));
    window.addEventListener('focus', back);
    return () => window.removeEventListener('focus', back);
  }, [opened]);
  useEffect(() => {
    if (state !== 'confirmed') return;
    // What the payment changed: the issues, the site's subscription and payment state, wherever the page shows them.
    void queryClient.invalidateQueries().finally(() => setOpened(null));
  }, [state, queryClient]);
  const confirming = state === 'confirming' || state === 'confirmed';
  const gaveUp = useGaveUp(opened?.since ?? 0, state === 'confirming');
  return {
    opened,
    open: (issue) => {
      if (issue.invoiceId) setOpened({ siteId: issue.siteId, invoiceId: issue.invoiceId, since: Date.now() });
    },
    confirming,
    gaveUp,
  };
}

/**
 * The failing payments, each with its message and two ways out: 'Régler maintenant' (Stripe's hosted invoice page, or
 * the site's subscription page when there is none) and 'Changer de carte' (Stripe's card page). Nothing at all when
 * there is no issue, so a healthy account sees no trace of it. An invoice paid on Stripe's page whose payment is not
 * recorded yet says 'Paiement en cours de confirmation…' instead of its failure.
 */
export function PaymentIssueNotice({ issues, className }: { issues: PaymentIssueDto[]; className?: string }) {
  const titleId = useId();
  const invoice = useInvoiceReturn();
  const paying = (issue: PaymentIssueDto) =>
    invoice.confirming && issue.invoiceId === invoice.opened?.invoiceId && issue.siteId === invoice.opened?.siteId;
  const failing = issues.filter((issue) => !paying(issue));
  if (issues.length === 0) return null;
  const pending = failing.length < issues.length ? <ConfirmationPending gaveUp={invoice.gaveUp} className={className} /> : null;
  if (failing.length === 0) return pending;
  return (
    <>
      {pending}
      <PaymentIssueList issues={failing} titleId={titleId} className={className} onPay={invoice.open} />
    </>
  );
}

function PaymentIssueList({
  issues,
  titleId,
  className,
  onPay,
}: {
  issues: PaymentIssueDto[];
  titleId: string;
  className?: string;
  onPay: (issue: PaymentIssueDto) => void;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className={cn('rounded-2xl border border-red-200 bg-red-50 p-5 shadow-sm dark:border-red-900 dark:bg-red-950/40', className)}
    >
      <h2 id={titleId} className="flex items-center gap-2 text-base font-semibold text-red-900 dark:text-red-200">
        <svg
          viewBox="0 0 24 24"
          className="size-5 shrink-0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d="M12 3 2 20h20L12 3Z" strokeLinejoin="round" />
          <path d="M12 10v4M12 17h.01" />
        </svg>
        {issues.every((i) => i.reason === 'authentication_required')
          ? paymentIssueMessages.authenticationTitle
          : issues.length === 1
            ? 'Un paiement a échoué'
            : `${issues.length} paiements ont échoué`}
      </h2>
      <ul className="mt-3 divide-y divide-red-200 dark:divide-red-900">
        {issues.map((issue) => (
          <IssueItem key={`${issue.siteId}-${issue.invoiceId ?? ''}`} issue={issue} onPay={() => onPay(issue)} />
        ))}
      </ul>
    </section>
  );
}

/**
 * The client's failing payments, asked again when the window gets the focus back (after paying in Stripe's tab), and
 * `waiting` until their first answer (or failure): a page showing them waits for it before its first paint of content,
 * so the notice never pushes down what is already on screen; a later refetch never brings the wait back.
 */
export function usePaymentIssues(siteId?: string): { issues: PaymentIssueDto[]; waiting: boolean } {
  const query = useListPaymentIssues({ query: { refetchOnWindowFocus: true, staleTime: 0 } });
  const issues = (query.data?.issues ?? []).filter((issue) => siteId === undefined || issue.siteId === siteId);
  return { issues, waiting: query.dataUpdatedAt === 0 && query.errorUpdatedAt === 0 };
}

/**
 * The client's failing payments (GET /api/billing/payment-issues): all of them, or only one site's with `siteId`.
 * Renders nothing while loading, on error, or without issue (no layout shift on a healthy account). Asked again when
 * the window gets the focus back (after paying in Stripe's tab).
 */
export function PaymentIssueBanner({ siteId, className }: { siteId?: string; className?: string }) {
  const { issues } = usePaymentIssues(siteId);
  return <PaymentIssueNotice issues={issues} className={className} />;
}
