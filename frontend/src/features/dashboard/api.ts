/**
 * The client area's writes that change more than their own answer: each wrapper of a generated mutation hook says
 * once what it refreshes, so that a page only sends.
 */
import { useQueryClient } from '@tanstack/react-query';
import * as billing from '../../api/generated/billing/billing';
import * as privacy from '../../api/generated/privacy/privacy';
import * as sites from '../../api/generated/sites/sites';

/** Saves the buyer's billing identity: the profile card shows the answer at once. */
export function useUpdateBillingProfile() {
  const queryClient = useQueryClient();
  return billing.useUpdateBillingProfile({
    mutation: { onSuccess: (profile) => queryClient.setQueryData(billing.getGetBillingProfileQueryKey(), profile) },
  });
}

/** Saves a site's business questionnaire: read again, it answers what was saved. */
export function useSaveBusinessOptions() {
  const queryClient = useQueryClient();
  return sites.useSaveBusinessOptions({
    mutation: { onSuccess: (saved, { id }) => queryClient.setQueryData(sites.getGetBusinessOptionsQueryKey(id), saved) },
  });
}

/** Asks for the archive of the account's data: the list of archives shows it (pending). */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return privacy.useRequestDataExport({
    mutation: { onSuccess: () => void queryClient.invalidateQueries({ queryKey: privacy.getListDataExportsQueryKey() }) },
  });
}

/**
 * The changes of a site's subscription (upgrade, cancel, reactivate; a restart that failed): each resolves once what
 * they change is read again (the subscription, the site, the payment issues, the list of sites).
 */
export function useSubscriptionActions(siteId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(
      [
        billing.getGetSiteSubscriptionQueryKey(siteId),
        sites.getGetSiteQueryKey(siteId),
        billing.getListPaymentIssuesQueryKey(),
        sites.getListSitesQueryKey(),
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  const refreshed = { mutation: { onSuccess: refresh } };
  return {
    upgrade: billing.useUpgradeSiteSubscription(refreshed),
    cancel: billing.useCancelSiteSubscription(refreshed),
    reactivate: billing.useReactivateSiteSubscription(refreshed),
    // A restart leaves for the checkout; only its failure may have changed what the page shows.
    restart: billing.useRestartSiteSubscription({ mutation: { onError: refresh } }),
  };
}
