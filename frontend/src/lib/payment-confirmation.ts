import { useEffect, useState } from 'react';

/**
 * The pages a client comes back to from Stripe (an order's payment, a restart, a new card, an upgrade, an invoice paid
 * on Stripe's page) wait for the truth: Stripe tells the server by webhook, late, usually after the browser is back.
 * Until the server says the payment is recorded, a page says exactly this, never the state from before the payment.
 */
export const CONFIRMING_TEXT = 'Paiement en cours de confirmation…';
/** After `giveUpMs` without an answer: the page stops asking and says so. */
export const CONFIRMATION_SLOW_TEXT =
  'La confirmation prend plus de temps que prévu. Votre paiement sera pris en compte dès qu’elle nous parviendra : rechargez la page dans quelques instants.';
export const RELOAD_TEXT = 'Recharger la page';

/** Asked again 1 s after the first answer, then each wait half as long again (1.5 s, 2.25 s…) up to 8 s; not after 60 s. */
export const CONFIRMATION_POLL = { firstMs: 1000, factor: 1.5, maxMs: 8000, giveUpMs: 60_000 } as const;

/** The wait before asking again, after `answers` answers. */
export function confirmationDelay(answers: number): number {
  const { firstMs, factor, maxMs } = CONFIRMATION_POLL;
  return Math.min(maxMs, Math.round(firstMs * factor ** Math.max(0, answers - 1)));
}

/** What `untilKnown` reads of a TanStack query. */
interface PolledQuery<T> {
  state: { data: T | undefined; status: string; dataUpdateCount: number };
}

/**
 * A `refetchInterval` for TanStack Query: the query is asked again, each time a little later (`confirmationDelay`),
 * until `known(data)`, an error, or `giveUpMs` after `startedAt`.
 */
export function untilKnown<T>(startedAt: number, known: (data: T | undefined) => boolean): (query: PolledQuery<T>) => number | false {
  return (query) => {
    if (known(query.state.data) || query.state.status === 'error') return false;
    if (Date.now() - startedAt >= CONFIRMATION_POLL.giveUpMs) return false;
    return confirmationDelay(query.state.dataUpdateCount);
  };
}

/** True once `giveUpMs` have passed since `startedAt` while `waiting`; false while not waiting. */
export function useGaveUp(startedAt: number, waiting: boolean): boolean {
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setGaveUp(true), Math.max(0, CONFIRMATION_POLL.giveUpMs - (Date.now() - startedAt)));
    return () => clearTimeout(timer);
  }, [waiting, startedAt]);
  return waiting && gaveUp;
}
