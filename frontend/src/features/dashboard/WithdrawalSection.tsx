import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import * as billing from '../../api/generated/billing/billing';
import * as sites from '../../api/generated/sites/sites';
import type { SiteWithdrawalDto } from '../../api/generated/model';
import { isApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Alert, Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field } from '../../components/ui/field';
import { Textarea } from '../../components/ui/form';
import { formatDate, formatEuros } from '../../lib/format';

/** The model form's words (annex to article R221-1 of the Code de la consommation). */
export const WITHDRAWAL_STATEMENT =
  'Je vous notifie par la présente ma rétractation du contrat portant sur la prestation de services ci-dessous';

export const withdrawalMessages = {
  failed: "Votre rétractation n'a pas pu être envoyée. Réessayez dans un instant, ou écrivez-nous au support.",
} as const;

/** What the section shows once the withdrawal is recorded: its acknowledgement, as the mail says it. */
function Received({ w }: { w: NonNullable<SiteWithdrawalDto['withdrawal']> }) {
  return (
    <Alert tone="success" className="mt-4">
      Votre rétractation a été reçue le {formatDate(w.withdrawnAt)}. L’abonnement est résilié ;{' '}
      {formatEuros(w.refundCents, { cents: true })} vous sont remboursés sur le moyen de paiement utilisé pour la commande. Un accusé de
      réception vous a été envoyé par e-mail.
    </Alert>
  );
}

/**
 * 'Droit de rétractation' on a site's subscription page: for an order made as a private individual less than 14 days
 * ago, the model form (statement, date of the order, name, address, date), sent after a confirmation; once sent, its
 * acknowledgement. Nothing for a company's order or once the 14 days are over.
 */
export function WithdrawalSection({ siteId }: { siteId: string }) {
  const queryClient = useQueryClient();
  const query = billing.useGetSiteWithdrawal(siteId, { query: { retry: false } });
  const [form, setForm] = useState<{ fullName: string; address: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const send = billing.useSendSiteWithdrawal({
    mutation: {
      onSuccess: (answer) => {
        queryClient.setQueryData(billing.getGetSiteWithdrawalQueryKey(siteId), answer);
        for (const queryKey of [
          billing.getGetSiteSubscriptionQueryKey(siteId),
          sites.getGetSiteQueryKey(siteId),
          sites.getListSitesQueryKey(),
          billing.getListInvoicesQueryKey(),
        ])
          void queryClient.invalidateQueries({ queryKey });
      },
    },
  });

  const data = query.data;
  if (!data || (!data.available && !data.withdrawal)) return null;
  const values = form ?? { fullName: data.fullName, address: data.address };
  const today = formatDate(new Date());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!values.fullName.trim()) missing.fullName = 'Votre nom est requis';
    if (!values.address.trim()) missing.address = 'Votre adresse est requise';
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length === 0) setConfirming(true);
  };

  const confirm = async () => {
    try {
      await send.mutateAsync({ id: siteId, data: { fullName: values.fullName.trim(), address: values.address.trim() } });
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fieldErrors).length) setErrors(error.fieldErrors);
      setFailure(isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : withdrawalMessages.failed);
    }
    setConfirming(false);
  };

  return (
    <Card className="mt-6" id="retractation">
      <h2 className="text-lg font-semibold">Droit de rétractation</h2>
      {data.withdrawal ? (
        <Received w={data.withdrawal} />
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Vous avez commandé en tant que particulier : vous pouvez vous rétracter sans motif jusqu’au{' '}
            <strong>{formatDate(data.withdrawableUntil)}</strong> (article L221-18 du Code de la consommation). L’abonnement est résilié
            aussitôt et votre paiement remboursé sous 14 jours, comme le prévoient nos conditions générales de vente (annexe « Clients
            consommateurs »).
          </p>
          {failure ? (
            <Alert tone="error" className="mt-4">
              {failure}
            </Alert>
          ) : null}
          <form className="mt-4 space-y-4" onSubmit={submit} noValidate aria-label="Formulaire de rétractation">
            <p className="text-sm font-medium">{WITHDRAWAL_STATEMENT} :</p>
            <dl className="grid gap-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Commandé le</dt>
                <dd className="mt-1 font-medium">{formatDate(data.orderedAt)}</dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Date</dt>
                <dd className="mt-1 font-medium">{today}</dd>
              </div>
            </dl>
            <Field
              label="Nom du consommateur"
              autoComplete="name"
              value={values.fullName}
              error={errors.fullName}
              onChange={(e) => setForm({ ...values, fullName: e.target.value })}
            />
            <Textarea
              label="Adresse du consommateur"
              autoComplete="street-address"
              rows={2}
              textareaClassName="min-h-16 py-2.5"
              value={values.address}
              error={errors.address}
              onChange={(e) => setForm({ ...values, address: e.target.value })}
            />
            <Button type="submit" variant="danger">
              Envoyer ma rétractation
            </Button>
          </form>
        </>
      )}
      {confirming ? (
        <ConfirmDialog
          title="Vous rétracter de ce contrat ?"
          confirmLabel="Confirmer ma rétractation"
          cancelLabel="Garder mon abonnement"
          tone="danger"
          busy={send.isPending}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        >
          L’abonnement est résilié tout de suite : votre site est retiré, ou ne sera pas mis en ligne. Votre paiement vous est remboursé sur
          le moyen de paiement utilisé pour la commande, et un accusé de réception vous est envoyé par e-mail.
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
