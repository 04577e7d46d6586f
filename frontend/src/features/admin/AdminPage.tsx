import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useGetAdminStats } from '../../api/generated/admin/admin';
import type { AdminStatsDto } from '../../api/generated/model';
import { AdminModeToggle } from '../../components/admin-mode-toggle';
import { ButtonLink } from '../../components/ui/button';
import { Card, Container } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page';
import { pages } from '../../config/pages';
import { paths } from '../../config/paths';
import { formatDate, formatEuros, formatNumber } from '../../lib/format';
import { AdminAudienceCard } from './AdminAudienceCard';
import { ExportMenu } from './ExportMenu';
import { accountEmail, accountName, RoleBadge, rowLinkClass, SiteRow } from './labels';
import { QueryState } from '../../components/ui/query-state';
import { StatTile } from './StatTile';

/** A card of the newest rows, under its title and the link to the whole list. */
function RecentCard({ title, to, linkText, children }: { title: string; to: string; linkText: string; children: ReactNode }) {
  return (
    <Card flush className="min-w-0 overflow-hidden">
      <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-6 py-4 dark:border-slate-800">
        <h2 className="text-lg font-semibold">{title}</h2>
        <Link to={to} className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
          {linkText}
        </Link>
      </div>
      {children}
    </Card>
  );
}

function RecentSites({ sites }: { sites: AdminStatsDto['recentSites'] }) {
  return (
    <RecentCard title="Sites récents" to={paths.admin.sites} linkText="Voir tous les sites">
      {sites.length === 0 ? (
        <p className="px-6 py-5 text-sm text-slate-600 dark:text-slate-400">Aucun site pour le moment.</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Sites récents">
          {sites.map((site) => (
            <SiteRow key={site.id} site={site} detail={`${accountName(site.owner)} · ${formatDate(site.createdAt)}`} />
          ))}
        </ul>
      )}
    </RecentCard>
  );
}

function RecentUsers({ users }: { users: AdminStatsDto['recentUsers'] }) {
  return (
    <RecentCard title="Utilisateurs récents" to={paths.admin.clients} linkText="Voir tous les clients">
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Utilisateurs récents">
        {users.map((user) => (
          <li key={user.id} className="flex items-center justify-between gap-4 px-6 py-3">
            <div className="min-w-0">
              <Link to={paths.admin.client(user.id)} className={`${rowLinkClass} block truncate`}>
                {accountName(user)}
              </Link>
              <p className="truncate text-sm text-slate-600 dark:text-slate-400">{accountEmail(user)}</p>
            </div>
            <RoleBadge role={user.role} />
          </li>
        ))}
      </ul>
    </RecentCard>
  );
}

/** /admin: the agency's figures, the newest sites and accounts, and the admin's actions. */
export function AdminPage() {
  const stats = useGetAdminStats();
  const data = stats.data;

  return (
    <Container className="py-10 sm:py-12">
      <PageHeader {...pages.admin.root.heading} actions={<AdminModeToggle />} />

      <div className="mt-8">
        <QueryState query={stats} loadingText="Chargement des statistiques..." errorText="Impossible de charger les statistiques." />
      </div>

      {data ? (
        <>
          <section aria-label="Chiffres clés" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            <StatTile wide label="Chiffre d'affaires" value={formatEuros(data.totalRevenueCents, { cents: true })} note="Factures payées" />
            <StatTile label="Clients" value={formatNumber(data.clientCount)} />
            <StatTile label="Sites actifs" value={formatNumber(data.activeSites)} />
            <StatTile label="Sites en attente" value={formatNumber(data.pendingSites)} />
          </section>

          <div className="mt-6 grid items-start gap-6 lg:grid-cols-3">
            <div className="grid min-w-0 gap-6 lg:col-span-2">
              <RecentSites sites={data.recentSites} />
              <RecentUsers users={data.recentUsers} />
            </div>
            <div className="grid min-w-0 gap-6">
              <AdminAudienceCard />
              <Card>
                <h2 className="text-lg font-semibold">Totaux</h2>
                <dl className="mt-4 grid grid-cols-3 gap-3 text-center">
                  {[
                    ['Factures', data.totals.invoices],
                    ['Sites', data.totals.sites],
                    ['Utilisateurs', data.totals.users],
                  ].map(([label, value]) => (
                    <div key={label} className="rounded-lg bg-slate-50 px-2 py-3 dark:bg-slate-800/60">
                      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
                      <dd className="mt-1 text-xl font-bold tabular-nums">{formatNumber(Number(value))}</dd>
                    </div>
                  ))}
                </dl>
              </Card>
              <Card>
                <h2 className="text-lg font-semibold">Actions</h2>
                <div className="mt-4 grid gap-3">
                  <ButtonLink to={paths.admin.clients}>Gérer les utilisateurs</ButtonLink>
                  <ExportMenu />
                  <ButtonLink to={paths.admin.revenue} variant="secondary">
                    Revenus
                  </ButtonLink>
                  <ButtonLink to={paths.admin.quotes} variant="secondary">
                    Demandes de devis
                  </ButtonLink>
                  <ButtonLink to={paths.admin.emails} variant="secondary">
                    Journal des e-mails
                  </ButtonLink>
                  <ButtonLink to={paths.admin.audit} variant="secondary">
                    Journal d'audit
                  </ButtonLink>
                  <ButtonLink to={paths.admin.invoices} variant="secondary">
                    Factures et avoirs
                  </ButtonLink>
                  <ButtonLink to={paths.admin.duplicatePayments} variant="secondary">
                    Paiements en double
                  </ButtonLink>
                  <ButtonLink to={paths.admin.status} variant="secondary">
                    État du service
                  </ButtonLink>
                  <ButtonLink to={paths.admin.settings} variant="secondary">
                    Paramètres de l'agence
                  </ButtonLink>
                </div>
              </Card>
            </div>
          </div>
        </>
      ) : null}
    </Container>
  );
}
