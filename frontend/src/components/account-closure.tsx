import { type ReactNode, useId } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { ClosureCancellation, ClosurePreviewDto } from '../api/generated/model';
import { formatDate } from '../lib/format';
import { Button } from './ui/button';
import { Form, FormAlerts, type ApiForm } from './ui/form';
import { TitledDialog } from './ui/modal-dialog';
import { QueryState } from './ui/query-state';

/** Whose account: the client's own words ('vous'), or the admin's about the client. */
export type ClosureAudience = 'client' | 'admin';

const WORDS = {
  client: {
    loading: 'Chargement de vos abonnements...',
    loadFailed: 'Impossible de charger vos abonnements.',
    noSubscription: 'Vous n’avez aucun abonnement en cours.',
    subscriptions: 'Vos abonnements en cours sont résiliés, sans autre prélèvement :',
    when: 'Quand vos abonnements prennent-ils fin ?',
    now: 'Tout de suite : vos sites sont suspendus aujourd’hui (la période en cours n’est pas remboursée).',
    periodEnd: 'À la fin de la période payée : vos sites restent en ligne jusque-là, puis sont suspendus.',
    signIn:
      'Vous ne pourrez plus vous connecter : votre nom, votre adresse e-mail et votre mot de passe sont retirés du compte tout de suite.',
    erased:
      'Vos autres données personnelles sont effacées (téléphone, adresses, réponses de commande, photos, messages, demandes, historique de connexion) : dans les minutes qui suivent, ou à la fin de la période payée si vous la gardez.',
    kept: (n: number, until: string) =>
      `${n === 1 ? 'Votre facture et vos paiements sont conservés' : `Vos ${n} factures et avoirs et vos paiements sont conservés`} jusqu’au ${until}, avec l’identité qui y figure, comme la loi l’impose (Code de commerce, article L123-22).`,
    noInvoice: 'Aucune facture n’a été émise à votre nom : rien n’est conservé au-delà de l’effacement.',
    mail: 'Un e-mail de confirmation vous est envoyé, puis plus aucun. Vous pourrez créer un nouveau compte avec la même adresse.',
  },
  admin: {
    loading: 'Chargement de ses abonnements...',
    loadFailed: 'Impossible de charger ses abonnements.',
    noSubscription: 'Le client n’a aucun abonnement en cours.',
    subscriptions: 'Ses abonnements en cours sont résiliés dans Stripe, sans autre prélèvement :',
    when: 'Quand ses abonnements prennent-ils fin ?',
    now: 'Tout de suite : ses sites sont suspendus aujourd’hui (la période en cours n’est pas remboursée).',
    periodEnd: 'À la fin de la période payée : ses sites restent en ligne jusque-là, puis sont suspendus.',
    signIn: 'Il ne pourra plus se connecter : son nom, son adresse e-mail et son mot de passe sont retirés du compte tout de suite.',
    erased:
      'Ses autres données personnelles sont effacées (téléphone, adresses, réponses de commande, photos, messages, demandes, historique de connexion) : dans les minutes qui suivent, ou à la fin de la période payée.',
    kept: (n: number, until: string) =>
      `${n === 1 ? 'Sa facture et ses paiements sont conservés' : `Ses ${n} factures et avoirs et ses paiements sont conservés`} jusqu’au ${until}, avec l’identité qui y figure (Code de commerce, article L123-22).`,
    noInvoice: 'Aucune facture n’a été émise à son nom.',
    mail: 'Il reçoit un e-mail de confirmation, puis plus aucun ; l’équipe est prévenue. La fermeture est inscrite au journal d’audit avec le motif.',
  },
} as const;

export const closureWords = WORDS;

/**
 * What closing an account does, said exactly before it is done (the client's dialog and the admin's): the
 * subscriptions it ends and when (the choice, when one may run to the end of its paid period), sign-in, the erasure,
 * what the law keeps and until when, the mails.
 */
export function ClosureConsequences({
  preview,
  cancellation,
  onCancellation,
  audience,
  disabled,
}: {
  preview: ClosurePreviewDto;
  cancellation: ClosureCancellation;
  onCancellation: (value: ClosureCancellation) => void;
  audience: ClosureAudience;
  disabled?: boolean;
}) {
  const w = WORDS[audience];
  const canWait = preview.subscriptions.some((s) => s.canRunToPeriodEnd);
  return (
    <div className="space-y-4 text-sm text-slate-700 dark:text-slate-300">
      {preview.subscriptions.length === 0 ? (
        <p>{w.noSubscription}</p>
      ) : (
        <div>
          <p>{w.subscriptions}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {preview.subscriptions.map((s, i) => (
              <li key={s.siteId ?? i}>
                <span className="font-medium text-slate-900 dark:text-white">{s.siteName ?? 'Site sans nom'}</span>
                {s.canRunToPeriodEnd && s.currentPeriodEnd
                  ? ` — payé jusqu’au ${formatDate(s.currentPeriodEnd)}`
                  : ' — paiement en retard : résilié tout de suite'}
              </li>
            ))}
          </ul>
          {canWait ? (
            <fieldset className="mt-3 space-y-2" disabled={disabled}>
              <legend className="font-medium text-slate-900 dark:text-white">{w.when}</legend>
              {(
                [
                  ['now', w.now],
                  ['period_end', w.periodEnd],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
                >
                  <input
                    type="radio"
                    name={`closure-cancellation-${audience}`}
                    value={value}
                    checked={cancellation === value}
                    onChange={() => onCancellation(value)}
                    className="mt-0.5 size-4 accent-brand-600"
                  />
                  <span>{label}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
        </div>
      )}
      <ul className="list-disc space-y-1.5 pl-5">
        <li>{w.signIn}</li>
        <li>{w.erased}</li>
        <li>
          {preview.legalDocuments && preview.retainedUntil
            ? w.kept(preview.legalDocuments, formatDate(`${preview.retainedUntil}T12:00:00`))
            : w.noInvoice}
        </li>
        <li>{w.mail}</li>
      </ul>
    </div>
  );
}

/** The closure preview as its query gives it. */
interface PreviewQuery {
  isPending: boolean;
  isError: boolean;
  data?: ClosurePreviewDto;
  refetch: () => unknown;
}

/**
 * The dialog that closes an account (the client's own, or an admin's for a client): the preview of its consequences
 * once loaded, the choice of when subscriptions end, the confirming field (`children`: the client's password, the
 * admin's reason), the server's refusal, and the two buttons.
 */
export function ClosureDialog<T extends FieldValues>({
  audience,
  title,
  description,
  preview,
  cancellation,
  onCancellation,
  form,
  backLabel,
  submitLabel,
  onClose,
  children,
}: {
  audience: ClosureAudience;
  title: string;
  description: string;
  preview: PreviewQuery;
  cancellation: ClosureCancellation;
  onCancellation: (value: ClosureCancellation) => void;
  /** The dialog's form (its fields are the children): it sends, and shows the server's refusal. */
  form: ApiForm<T>;
  backLabel: string;
  submitLabel: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const w = WORDS[audience];
  const submitting = form.isSubmitting;
  return (
    <TitledDialog
      titleId={titleId}
      descriptionId={descriptionId}
      title={title}
      description={description}
      width="w-[min(40rem,calc(100vw-1.5rem))]"
      onClose={onClose}
      busy={submitting}
    >
      <QueryState className="m-5 sm:m-6" query={preview} loadingText={w.loading} errorText={w.loadFailed} />
      {preview.data ? (
        <Form form={form} className="space-y-5 p-5 sm:p-6">
          <ClosureConsequences
            preview={preview.data}
            cancellation={cancellation}
            onCancellation={onCancellation}
            audience={audience}
            disabled={submitting}
          />
          {children}
          <FormAlerts form={form} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={submitting}>
              {backLabel}
            </Button>
            <Button type="submit" variant="danger" loading={submitting}>
              {submitLabel}
            </Button>
          </div>
        </Form>
      ) : null}
    </TitledDialog>
  );
}
