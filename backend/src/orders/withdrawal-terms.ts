/**
 * A consumer's withdrawal right (Code de la consommation) in numbers, pure:
 * - L221-18: 14 days from the contract's conclusion (the subscription's start) to withdraw;
 * - L221-25: the consumer who asked expressly for the service to start at once owes an amount proportionate to what was
 *   provided until the withdrawal: the paid period's price, prorated by the days of service begun (24-hour days from the order: the first
 *   one counts at once, and the one the withdrawal falls in), rounded to the cent;
 * - the CGV's guarantee (section « Garantie satisfait ou remboursé »: the whole payment back within 30 days of the order,
 *   for any reason) waives that amount, as the CGV's consumer annex says: within 14 days it always applies.
 */
export const WITHDRAWAL_DAYS = 14;
export const GUARANTEE_DAYS = 30;
const DAY_MS = 86_400_000;

/** The last instant a withdrawal is accepted: 14 days after the order. */
export const withdrawableUntil = (orderedAt: Date): Date => new Date(orderedAt.getTime() + WITHDRAWAL_DAYS * DAY_MS);

export interface WithdrawalAmounts {
  /** What the service provided until the withdrawal is worth (L221-25) */
  dueCents: number;
  /** Whether the guarantee waives it */
  waived: boolean;
  /** What is given back: what was paid (and not refunded yet), less what is due unless waived */
  refundCents: number;
}

export function withdrawalAmounts(p: {
  /** The order's payment (its first period) */
  paidCents: number;
  /** Already refunded of it */
  refundedCents: number;
  /** The subscription's start (the order) */
  orderedAt: Date;
  /** The end of the paid period */
  periodEnd: Date;
  /** The withdrawal */
  at: Date;
}): WithdrawalAmounts {
  const periodDays = Math.max(1, Math.round((p.periodEnd.getTime() - p.orderedAt.getTime()) / DAY_MS));
  // The days of service begun: the first from the order on, a new one each 24 hours after it.
  const daysBegun = Math.min(periodDays, Math.max(1, Math.floor((p.at.getTime() - p.orderedAt.getTime()) / DAY_MS) + 1));
  const dueCents = Math.round((p.paidCents * daysBegun) / periodDays);
  const waived = p.at.getTime() - p.orderedAt.getTime() <= GUARANTEE_DAYS * DAY_MS;
  const left = Math.max(0, p.paidCents - p.refundedCents);
  return { dueCents, waived, refundCents: waived ? left : Math.max(0, left - dueCents) };
}
