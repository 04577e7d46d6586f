import { useGetAdminRevenue } from '../../api/generated/admin/admin';
import { Card, Container } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page';
import { ScrollArea } from '../../components/ui/scroll-area';
import { formatEuros, formatMonth, formatNumber } from '../../lib/format';
import { RevenueChart } from './RevenueChart';
import { QueryState } from '../../components/ui/query-state';
import { StatTile } from './StatTile';
import { BackToAdmin } from './labels';

/** Revenus: recurring revenue, subscriptions by plan, the last 30 days, and 12 months of paid invoices. */
export function AdminRevenuePage() {
  const revenue = useGetAdminRevenue();
  const data = revenue.data;
  const year = data ? data.months.reduce((sum, m) => sum + m.revenueCents, 0) : 0;

  return (
    <Container className="py-10 sm:py-12">
      <PageHeader
        eyebrow="Administration"
        title="Revenus"
        description="Abonnements et chiffre d'affaires, d'après les données Stripe reçues par l'application."
        actions={<BackToAdmin />}
      />
      <div className="mt-8">
        <QueryState query={revenue} loadingText="Chargement des revenus..." errorText="Impossible de charger les revenus." />
      </div>
      {data ? (
        <>
          <section aria-label="Chiffres clés" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            <StatTile
              wide
              label="Revenu mensuel récurrent"
              value={formatEuros(data.mrrCents, { cents: true })}
              note="Prix du catalogue, hors options"
            />
            <StatTile
              wide
              label="Abonnements actifs"
              value={formatNumber(data.activeSubscriptions)}
              note={data.cancelScheduled ? `dont ${formatNumber(data.cancelScheduled)} à résilier en fin de période` : undefined}
            />
            <StatTile label="Nouveaux abonnements" value={formatNumber(data.last30Days.newSubscriptions)} note="30 derniers jours" />
            <StatTile label="Abonnements résiliés" value={formatNumber(data.last30Days.canceledSubscriptions)} note="30 derniers jours" />
          </section>

          <div className="mt-6 grid items-start gap-6 lg:grid-cols-3">
            <Card className="min-w-0 lg:col-span-2">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-semibold">Chiffre d'affaires des 12 derniers mois</h2>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {formatMonth(data.months[0]?.month ?? '')} – {formatMonth(data.months.at(-1)?.month ?? '')} :{' '}
                  <strong className="text-slate-900 dark:text-white">{formatEuros(year, { cents: true })}</strong>
                </p>
              </div>
              <div className="mt-4">
                <RevenueChart months={data.months} />
              </div>
            </Card>

            <Card flush className="min-w-0 overflow-hidden">
              <h2 className="px-6 pt-6 text-lg font-semibold">Abonnements par formule</h2>
              <ScrollArea label="Abonnements par formule" className="mt-4">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Abonnements par formule</caption>
                  <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase dark:bg-slate-800/50 dark:text-slate-300">
                    <tr>
                      <th scope="col" className="px-6 py-3 font-semibold">
                        Formule
                      </th>
                      <th scope="col" className="px-3 py-3 text-right font-semibold">
                        Abonnés
                      </th>
                      <th scope="col" className="px-6 py-3 text-right font-semibold">
                        Par mois
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                    {data.plans.map((plan) => (
                      <tr key={plan.plan}>
                        <th scope="row" className="px-6 py-3 font-medium">
                          {plan.name}
                          <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
                            {plan.monthlyPriceCents === null ? 'Sur devis' : `${formatEuros(plan.monthlyPriceCents)} / mois`}
                          </span>
                        </th>
                        <td className="px-3 py-3 text-right tabular-nums">{formatNumber(plan.subscriptions)}</td>
                        <td className="px-6 py-3 text-right tabular-nums">
                          {plan.monthlyPriceCents === null ? '—' : formatEuros(plan.mrrCents, { cents: true })}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollArea>
            </Card>
          </div>
        </>
      ) : null}
    </Container>
  );
}
