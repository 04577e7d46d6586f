const whole = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 2900 → '29 €', 2999 → '29,99 €' (French formatting, no decimals for whole euros). */
export function formatEuros(amountCents: number): string {
  return (amountCents % 100 === 0 ? whole : cents).format(amountCents / 100);
}
