import { SUPPORT_REPLY_SENTENCE } from '@vitrine/domain';
import { useGetDashboardSummary } from '../../api/generated/dashboard/dashboard';
import { useListSites } from '../../api/generated/sites/sites';
import { ButtonLink } from '../../components/ui/button';
import { pages } from '../../config/pages';
import { Badge, Card, Container } from '../../components/ui/card';
import { PageHeader, PageSkeleton } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { AdminModeToggle } from '../../components/admin-mode-toggle';
import { PaymentIssueNotice, usePaymentIssues } from '../../components/payment-issue-banner';
import { useAuth } from '../../lib/auth/session';
import { SiteLinks } from './SiteLinks';

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

/** The client's sites, asked for once the page shows (after the payment banner is known). */
function SiteList() {
  const sites = useListSites({ limit: 100 });
  return <SiteLinks sites={sites} origin="dashboard" />;
}

export function DashboardPage() {
  const { user } = useAuth();
  const payments = usePaymentIssues();
  if (!user) return null;
  const displayName = user.name?.trim() || user.email;
  const heading = { ...pages.dashboard.root.heading, title: `${pages.dashboard.root.heading.title}, ${displayName}` };
  // The banner is known before the first paint of content: it never pushes the tiles and lists down.
  if (payments.waiting) return <PageSkeleton heading={heading} />;

  return (
    <Container className="py-10 sm:py-12">
      <PageHeader
        {...heading}
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
            <h2 className="text-lg font-semibold">Mes sites</h2>
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
              <dt className="text-slate-500 dark:text-slate-400">E-mail</dt>
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
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Une question, un souci ? {SUPPORT_REPLY_SENTENCE}</p>
          <ButtonLink to={paths.dashboard.support} variant="secondary" className="mt-6 w-full">
            Contacter le support
          </ButtonLink>
        </Card>
      </div>
    </Container>
  );
}
