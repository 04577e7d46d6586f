import { useListSites } from '../../api/generated/sites/sites';
import { PaymentIssueNotice, usePaymentIssues } from '../../components/payment-issue-banner';
import { ButtonLink } from '../../components/ui/button';
import { pages } from '../../config/pages';
import { Card, Container } from '../../components/ui/card';
import { PageHeader, PageSkeleton } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { SiteLinks } from './SiteLinks';

/** /dashboard/sites: every site of the client with its plan, domain and status. */
export function SitesPage() {
  const sites = useListSites({ limit: 100 });
  const payments = usePaymentIssues();
  // The banner is known before the first paint of content: it never pushes the list down.
  if (payments.waiting) return <PageSkeleton heading={pages.dashboard.sites.heading} />;
  return (
    <Container className="py-10 sm:py-12">
      <PageHeader
        {...pages.dashboard.sites.heading}
        actions={
          <ButtonLink to={paths.order} size="sm">
            Nouveau site
          </ButtonLink>
        }
      />
      <PaymentIssueNotice issues={payments.issues} className="mt-8" />
      <Card className="mt-8" flush>
        <SiteLinks sites={sites} origin="sites" />
      </Card>
    </Container>
  );
}
