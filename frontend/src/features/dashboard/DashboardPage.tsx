import { Link } from 'react-router';
import { useGetDashboardSummary } from '../../api/generated/dashboard/dashboard';
import { useListSites } from '../../api/generated/sites/sites';
import type { SiteDto } from '../../api/generated/model';
import { ButtonLink } from '../../components/ui/button';
import { Badge, Card, Container, LoadingScreen } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page';
import { QueryState } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { AdminModeToggle } from '../../components/admin-mode-toggle';
import { PaymentIssueNotice, usePaymentIssues } from '../../components/payment-issue-banner';
import { ClientPaymentBadge } from '../../components/payment-state-badge';
import { useAuth } from '../../lib/auth/session';
import { clientSiteStatus } from '../../lib/site-status';

/** The four tiles: days as member (rounded up), active sites, pending sites, invoices. */
function SummaryTiles() {
  const summary = useGetDashboardSummary();
  const value = (n: number | undefined) => (summary.isPending ? '…' : summary.isError || n === undefined ? '—' : String(n));
  const tiles = [
    { label: 'Jours en tant que membre', value: value(summary.data?.memberDays) },
    { label: 'Sites actifs', value: value(summary.data?.activeSites) },
    { label: 'Sites en attente', value: value(summary.data?.pendingSites) },
    { label: 'Factures', value: value(summary.data?.invoiceCount) },
  ];
  return (
    <ul className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Résumé" aria-busy={summary.isPending}>
      {tiles.map((tile) => (
        <li key={tile.label}>
          <Card className="h-full p-4 sm:p-5">
            <p className="text-sm text-slate-600 dark:text-slate-400">{tile.label}</p>
            <p className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">{tile.value}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The client's sites: name, domain or 'Aucun domaine', status badge; a row opens the site. */
function SiteList() {
  const sites = useListSites({ limit: 100 });
  if (sites.isPending || sites.isError) {
    return (
      <QueryState
        className="mt-4"
        loading={sites.isPending}
        error={sites.isError}
        loadingText="Chargement des sites..."
        errorText="Impossible de charger vos sites."
        onRetry={() => void sites.refetch()}
      />
    );
  }
  if (sites.data.sites.length === 0) return <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">Aucun site créé</p>;
  return (
    <ul
      className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
      aria-label="Mes sites"
    >
      {sites.data.sites.map((site: SiteDto) => {
        const status = clientSiteStatus(site.status);
        return (
          <li key={site.id}>
            <Link
              to={paths.dashboard.site(site.id)}
              state={{ origin: 'dashboard' }}
              className="flex flex-col gap-2 px-4 py-3 hover:bg-slate-50 sm:flex-row sm:items-center sm:justify-between sm:gap-4 dark:hover:bg-slate-800/40"
            >
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-900 dark:text-white">{site.siteName}</span>
                <span className="block truncate text-sm text-slate-600 dark:text-slate-400">{site.domain ?? 'Aucun domaine'}</span>
              </span>
              <span className="flex flex-wrap items-center gap-2 sm:shrink-0 sm:justify-end">
                <Badge tone={status.tone}>{status.label}</Badge>
                <ClientPaymentBadge state={site.paymentState} />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function DashboardPage() {
  const { user } = useAuth();
  const payments = usePaymentIssues();
  if (!user) return null;
  // The banner is known before the first paint of content: it never pushes the tiles and lists down.
  if (payments.waiting) return <LoadingScreen />;
  const displayName = user.name?.trim() || user.email;

  return (
    <Container className="py-10 sm:py-12">
      <PageHeader
        eyebrow="Espace client"
        title={`Bonjour, ${displayName}`}
        description="Suivez vos sites, vos factures et vos demandes depuis votre tableau de bord."
        actions={
          <>
            <AdminModeToggle />
            <ButtonLink to={paths.dashboard.support} variant="secondary">
              Besoin d'aide ?
            </ButtonLink>
          </>
        }
      />

      <PaymentIssueNotice issues={payments.issues} className="mt-8" />

      <SummaryTiles />

      <div className="mt-8 grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <div className="flex items-center justify-between gap-4">
            <h2 className="text-lg font-semibold">Mes Sites</h2>
            <ButtonLink to={paths.order} size="sm">
              Nouveau site
            </ButtonLink>
          </div>
          <SiteList />
        </Card>

        <Card>
          <h2 className="text-lg font-semibold">Mon profil</h2>
          <dl className="mt-4 space-y-3 text-sm">
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Nom</dt>
              <dd className="font-medium">{user.name || '—'}</dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Email</dt>
              <dd className="font-medium break-all">{user.email}</dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Rôle</dt>
              <dd className="mt-1">
                <Badge tone={user.role === 'admin' ? 'brand' : 'neutral'}>{user.role === 'admin' ? 'Admin' : 'Client'}</Badge>
              </dd>
            </div>
          </dl>
          <ButtonLink to={paths.dashboard.profile} variant="secondary" className="mt-6 w-full">
            Modifier mon profil
          </ButtonLink>
        </Card>

        <Card className="lg:col-start-3">
          <h2 className="text-lg font-semibold">Support</h2>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Une question, un souci ? Notre équipe vous répond sous 24-48h.</p>
          <ButtonLink to={paths.dashboard.support} variant="secondary" className="mt-6 w-full">
            Contacter le support
          </ButtonLink>
        </Card>
      </div>
    </Container>
  );
}
