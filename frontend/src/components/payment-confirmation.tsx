import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useGetSiteCheckoutConfirmation } from '../api/generated/billing/billing';
import type { PaymentConfirmationDto } from '../api/generated/model';
import { cn } from '../lib/cn';
import { CONFIRMATION_SLOW_TEXT, CONFIRMING_TEXT, RELOAD_TEXT, untilKnown, useGaveUp } from '../lib/payment-confirmation';
import { Spinner } from './ui/button';

const linkClass = 'font-semibold text-brand-700 underline hover:no-underline dark:text-brand-300';

/** After a minute without the truth: what to do, and the link that reloads the page. */
export function ConfirmationSlow() {
  const location = useLocation();
  return (
    <p className="text-sm">
      {CONFIRMATION_SLOW_TEXT}{' '}
      <a href={`${location.pathname}${location.search}`} className={linkClass}>
        {RELOAD_TEXT}
      </a>
    </p>
  );
}

/**
 * Where a page shows the state a payment changes, until the server has recorded it: 'Paiement en cours de
 * confirmation…' (the page's h1 with `heading`), and after a minute the reload link. Never the state from before.
 */
export function ConfirmationPending({ gaveUp, heading = false, className }: { gaveUp: boolean; heading?: boolean; className?: string }) {
  const Title = heading ? 'h1' : 'p';
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'rounded-2xl border border-brand-200 bg-brand-50 p-6 text-brand-900 dark:border-brand-900 dark:bg-brand-950/60 dark:text-brand-100',
        className,
      )}
    >
      <Title className={cn('flex items-center gap-3 font-semibold', heading ? 'text-xl sm:text-2xl' : 'text-base')}>
        {gaveUp ? null : <Spinner className="size-5 shrink-0" />}
        {CONFIRMING_TEXT}
      </Title>
      {gaveUp ? (
        <div className="mt-3">
          <ConfirmationSlow />
        </div>
      ) : null}
    </div>
  );
}

/**
 * Where a return from Stripe stands: `confirming` until the server has recorded the payment and the page has read
 * again what it changed; `confirmed` then; `none` when nothing was paid (the session expired); `unknown` when the
 * server could not say (the page shows what it has).
 */
export type ReturnPhase = 'confirming' | 'confirmed' | 'none' | 'unknown';

const known = (data: PaymentConfirmationDto | undefined) => data !== undefined && data.state !== 'confirming';

/**
 * Back from a Checkout session opened for one of the client's sites (a restart, a new card): asks the server whether the
 * payment is recorded (`untilKnown`: a little later each time, for a minute), then runs `refresh` (reading again what
 * the payment changed: the site, its subscription, the payment issues) and only once it is done says `confirmed`.
 * `phase` is null without a session (nothing to wait for).
 */
export function useCheckoutReturn(
  siteId: string,
  sessionId: string | null,
  refresh: () => Promise<unknown>,
): { phase: ReturnPhase | null; gaveUp: boolean } {
  const [startedAt] = useState(() => Date.now());
  const query = useGetSiteCheckoutConfirmation(siteId, sessionId ?? '', {
    query: {
      enabled: sessionId !== null,
      retry: 2,
      staleTime: 0,
      gcTime: 0,
      refetchOnWindowFocus: false,
      refetchInterval: untilKnown(startedAt, known),
    },
  });
  const state = query.data?.state;
  const [refreshed, setRefreshed] = useState(false);
  const latestRefresh = useRef(refresh);
  const refreshing = useRef(false);
  useEffect(() => {
    latestRefresh.current = refresh;
  });
  useEffect(() => {
    if (state !== 'confirmed' || refreshing.current) return;
    refreshing.current = true;
    void latestRefresh.current().finally(() => setRefreshed(true));
  }, [state]);
  const gaveUp = useGaveUp(startedAt, sessionId !== null && !known(query.data) && !query.isError);
  if (sessionId === null) return { phase: null, gaveUp: false };
  if (query.isError) return { phase: 'unknown', gaveUp: false };
  if (state === 'none') return { phase: 'none', gaveUp: false };
  if (state === 'confirmed' && refreshed) return { phase: 'confirmed', gaveUp: false };
  return { phase: 'confirming', gaveUp };
}
