import { useSearchParams } from 'react-router';
import { useGetCatalogue, useGetCurrentOrderDraft } from '../../api/generated/orders/orders';
import { Button, ButtonLink } from '../../components/ui/button';
import { Alert, Card, Container, LoadingScreen } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth/session';
import { ORDER_PAGE_DESCRIPTION, planFromQuery } from './order-wizard';
import { OrderWizard } from './OrderWizard';
import { useOrderDraftApi } from './use-order-draft-api';

const redirectToCheckout = (url: string) => window.location.assign(url);

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Card className="mt-8">
      <Alert tone="error">Impossible de charger votre commande pour le moment.</Alert>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={onRetry}>Réessayer</Button>
        <ButtonLink to={paths.contact} variant="secondary">
          Nous contacter
        </ButtonLink>
      </div>
    </Card>
  );
}

/**
 * /order and /commande: resumes the caller's unpaid draft (the account's, or this browser's) so that a reload or a
 * cancelled payment brings every answer back; `?plan=` picks the plan, `?canceled` shows the payment error.
 */
export function OrderPage() {
  // The page's header shows at once (it is also the prerendered first screen), the wizard below it once loaded.
  return (
    <Container className="py-10 sm:py-12">
      <PageHeader eyebrow="Commande" title="Commander mon site" description={ORDER_PAGE_DESCRIPTION} />
      <OrderPageBody />
    </Container>
  );
}

function OrderPageBody() {
  const [params] = useSearchParams();
  const plan = planFromQuery(params.get('plan'));
  const canceled = params.has('canceled');
  const { status, user } = useAuth();
  const api = useOrderDraftApi();
  const catalogue = useGetCatalogue({ query: { staleTime: Infinity } });
  // Asked once the session is known (a signed-in buyer's draft is the account's); never kept for another visit.
  const current = useGetCurrentOrderDraft({
    query: {
      enabled: status !== 'loading',
      retry: false,
      staleTime: Infinity,
      gcTime: 0,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    },
  });
  if (status === 'loading' || catalogue.isPending || current.isPending) return <LoadingScreen label="Chargement de votre commande..." />;
  if (catalogue.isError || current.isError) {
    return (
      <LoadError
        onRetry={() => {
          if (catalogue.isError) void catalogue.refetch();
          if (current.isError) void current.refetch();
        }}
      />
    );
  }

  // No draft yet (204): a new order.
  const draft = current.data || null;
  return (
    <OrderWizard
      key={draft?.id ?? 'new'}
      api={api}
      catalogue={catalogue.data}
      initialDraft={draft}
      plan={plan}
      canceled={canceled}
      account={user ? { email: user.email } : null}
      redirect={redirectToCheckout}
    />
  );
}
