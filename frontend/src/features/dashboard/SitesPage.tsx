import { Link } from 'react-router';
import { useListSites } from '../../api/generated/sites/sites';
import { PaymentIssueNotice, usePaymentIssues } from '../../components/payment-issue-banner';
import { ClientPaymentBadge } from '../../components/payment-state-badge';
import { ButtonLink } from '../../components/ui/button';
import { Badge, Card, Container, LoadingScreen } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page';
import { QueryState } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { clientSiteStatus } from '../../lib/site-status';
import { SITE_TYPE_LABELS } from './site-labels';

/** /dashboard/sites: every site of the client with its plan, domain and status. */
export function SitesPage() {
  const sites = useListSites({ limit: 100 });
  const payments = usePaymentIssues();
  // The banner is known before the first paint of content: it never pushes the list down.
  if (payments.waiting) return <LoadingScreen />;
  return (
    <Container className="py-10 sm:py-12">
      <PageHeader
        eyebrow="Espace client"
        title="Mes Sites"
        actions={
          <ButtonLink to={paths.order} size="sm">
            Nouveau site
          </ButtonLink>
        }
      />
      <PaymentIssueNotice issues={payments.issues} className="mt-8" />
      <Card className="mt-8" flush>
        {sites.isPending || sites.isError ? (
          <div className="p-6">
            <QueryState
              loading={sites.isPending}
              error={sites.isError}
              loadingText="Chargement des sites..."
              errorText="Impossible de charger vos sites."
              onRetry={() => void sites.refetch()}
            />
          </div>
        ) : sites.data.sites.length === 0 ? (
          <p className="p-6 text-sm text-slate-600 dark:text-slate-400">Aucun site créé</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Mes sites">
            {sites.data.sites.map((site) => {
              const status = clientSiteStatus(site.status);
              return (
                <li key={site.id}>
                  <Link
                    to={paths.dashboard.site(site.id)}
                    state={{ origin: 'sites' }}
                    className="flex flex-wrap items-center justify-between gap-3 px-6 py-4 hover:bg-slate-50 dark:hover:bg-slate-800/40"
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-slate-900 dark:text-white">{site.siteName}</span>
                      <span className="block truncate text-sm text-slate-600 dark:text-slate-400">{site.domain ?? 'Aucun domaine'}</span>
                    </span>
                    <span className="flex flex-wrap items-center gap-2">
                      <Badge tone="brand">{SITE_TYPE_LABELS[site.type] ?? 'Custom'}</Badge>
                      <Badge tone={status.tone}>{status.label}</Badge>
                      <ClientPaymentBadge state={site.paymentState} />
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </Container>
  );
}
