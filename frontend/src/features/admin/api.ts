/**
 * The admin area's writes that change more than their own answer: each wrapper of a generated mutation hook says
 * once what it refreshes, so that a page only sends. An admin write is recorded in the audit log: those wrappers
 * refresh it (`useAuditedRefresh`), never the call site.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import * as admin from '../../api/generated/admin/admin';
import { getGetAgencyQueryKey } from '../../api/generated/agency/agency';

/** Refetches the given queries and the audit log (where every admin write is recorded). */
function useAuditedRefresh() {
  const queryClient = useQueryClient();
  return (...keys: QueryKey[]) =>
    Promise.all([...keys, admin.getListAdminAuditLogQueryKey()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Saves a site's domain, status or progression: the site's page shows the answer at once. */
export function useUpdateAdminSite() {
  const queryClient = useQueryClient();
  const refresh = useAuditedRefresh();
  return admin.useUpdateAdminSite({
    mutation: {
      onSuccess: (site, { id }) => {
        queryClient.setQueryData(admin.getGetAdminSiteQueryKey(id), site);
        void refresh();
      },
    },
  });
}

/** Saves the agency's settings; the public pages of this visit (footer, contact, legal notice) read the identity again. */
export function useUpdateAgencySettings() {
  const queryClient = useQueryClient();
  const refresh = useAuditedRefresh();
  return admin.useUpdateAgencySettings({
    mutation: {
      onSuccess: (settings) => {
        queryClient.setQueryData(admin.getGetAgencySettingsQueryKey(), settings);
        void refresh(getGetAgencyQueryKey());
      },
    },
  });
}

export function useCreateApiKey() {
  const refresh = useAuditedRefresh();
  return admin.useCreateApiKey({ mutation: { onSuccess: () => void refresh(admin.getListApiKeysQueryKey()) } });
}

export function useRevokeApiKey() {
  const refresh = useAuditedRefresh();
  return admin.useRevokeApiKey({ mutation: { onSuccess: () => void refresh(admin.getListApiKeysQueryKey()) } });
}

export function useCreateWebhookEndpoint() {
  const refresh = useAuditedRefresh();
  return admin.useCreateWebhookEndpoint({ mutation: { onSuccess: () => void refresh(admin.getListWebhookEndpointsQueryKey()) } });
}

/**
 * The actions on an endpoint or a delivery (enable, test, delete, new secret, resend): whatever their outcome, the
 * endpoints (their state), the deliveries and the audit log are read again.
 */
export function useWebhookActions() {
  const refresh = useAuditedRefresh();
  const settled = {
    mutation: { onSettled: () => void refresh(admin.getListWebhookEndpointsQueryKey(), admin.getListWebhookDeliveriesQueryKey()) },
  };
  return {
    update: admin.useUpdateWebhookEndpoint(settled),
    test: admin.useSendWebhookTest(settled),
    remove: admin.useDeleteWebhookEndpoint(settled),
    rotate: admin.useRotateWebhookSecret(settled),
    resend: admin.useResendWebhookDelivery(settled),
  };
}

/** Closes a client's account; resolves once the client's page and the list of closures are read again. */
export function useCloseClientAccount() {
  const queryClient = useQueryClient();
  return admin.useCloseClientAccount({
    mutation: {
      onSuccess: (_answer, { id }) =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: admin.getGetAdminUserQueryKey(id) }),
          queryClient.invalidateQueries({ queryKey: admin.getListAccountClosuresQueryKey() }),
        ]),
    },
  });
}

/** Sends a mail to a client, or sends a failed one again: the mail log shows it. */
export function useSendAdminUserEmail() {
  const queryClient = useQueryClient();
  return admin.useSendAdminUserEmail({
    mutation: { onSuccess: () => void queryClient.invalidateQueries({ queryKey: admin.getListAdminEmailsQueryKey() }) },
  });
}

export function useRetryAdminEmail() {
  const queryClient = useQueryClient();
  return admin.useRetryAdminEmail({
    mutation: { onSuccess: () => void queryClient.invalidateQueries({ queryKey: admin.getListAdminEmailsQueryKey() }) },
  });
}

/**
 * Corrects an issued invoice (a credit note cancels it, a corrected invoice replaces it): the invoice's page, the
 * documents' lists (every page of them: the admin's, a client's), the mails and the audit log are read again.
 */
export function useCorrectAdminLegalInvoice() {
  const refresh = useAuditedRefresh();
  return admin.useCorrectAdminLegalInvoice({
    mutation: {
      onSuccess: (_answer, { id }) =>
        void refresh(
          admin.getGetAdminLegalInvoiceQueryKey(id),
          admin.getListAdminLegalInvoicesQueryKey(),
          admin.getListAdminEmailsQueryKey(),
        ),
    },
  });
}
