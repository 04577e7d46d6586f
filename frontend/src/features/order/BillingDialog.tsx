import { BUYER_IDENTITY_FIELDS } from '@vitrine/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { isApiError } from '../../api/http';
import { BuyerNameInput, CompanyIdentityInputs, companyInputsOf, EmailInput, PostalAddressInputs } from '../../components/form-fields';
import { Button } from '../../components/ui/button';
import { Alert } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { TitledDialog } from '../../components/ui/modal-dialog';
import { paths } from '../../config/paths';
import type { LoginRedirectState } from '../../lib/auth/redirect';
import { applyApiFieldErrors } from '../../lib/form-errors';
import { RadioCards } from './form-controls';
import { billingRules, MAX_LENGTHS, orderMessages, type BillingValues } from './order-wizard';

/** The billing fields, whose server errors show under their input; any other error goes to the alert. */
const FIELDS: readonly (keyof BillingValues)[] = BUYER_IDENTITY_FIELDS;

/** Who the invoices are made out to. */
const BUYER_OPTIONS = [
  { value: 'individual', title: 'Particulier' },
  { value: 'company', title: 'Entreprise', description: 'Raison sociale, SIREN et TVA sur vos factures' },
] as const;

/**
 * A private individual's express request that the work start now, and their acknowledgement of losing the 14-day
 * withdrawal right once it is fully performed (L221-25, L221-28; decision 0022). Asked at each payment, never saved.
 */
export const CONSUMER_REQUEST_LABEL =
  'Je demande que la création de mon site commence dès maintenant, avant la fin du délai de rétractation de 14 jours, et je reconnais perdre ce droit une fois le service pleinement exécuté.';
export const CONSUMER_REQUEST_REQUIRED = 'Cochez la case pour demander que la création de votre site commence dès maintenant.';

/** Signing in from the e-mail conflict comes back to the order, where the draft waits. */
const backToOrder: LoginRedirectState = { from: { pathname: paths.order, search: '', hash: '' } };

/** The messages of an error that are not about a billing field (the order itself: 'data.about'…), for the alert. */
function otherMessages(error: unknown): string[] {
  if (!isApiError(error)) return [];
  const fromFields = Object.entries(error.fieldErrors)
    .filter(([field]) => !FIELDS.includes(field.replace(/^billing\./, '') as keyof BillingValues))
    .map(([, message]) => message);
  if (fromFields.length) return fromFields;
  // A 4xx with its own French message (e.g. an order already paid) says more than the generic text.
  return error.status >= 400 && error.status < 500 && error.status !== 409 && Object.keys(error.fieldErrors).length === 0
    ? [error.message]
    : [];
}

/**
 * 'Finaliser ma commande': the billing information in a modal dialog, each field with its spec §5 message, then the
 * payment (the caller sends the browser to the hosted checkout). The e-mail is the account's when signed in.
 */
export function BillingDialog({
  defaultValues,
  emailLocked,
  onSubmit,
  onChange,
  onClose,
}: {
  defaultValues: BillingValues;
  emailLocked: boolean;
  /** Opens the payment (with a private individual's express request); rejects with the API's error. */
  onSubmit: (values: BillingValues, consumerRequest: boolean) => Promise<void>;
  /** Every change, for the draft's autosave. */
  onChange?: (values: BillingValues) => void;
  onClose: () => void;
}) {
  const form = useForm<BillingValues>({ defaultValues, mode: 'onTouched' });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const company = useWatch({ control: form.control, name: 'buyerType' }) === 'company';
  const [submitError, setSubmitError] = useState<unknown>(null);
  const [consumerRequest, setConsumerRequest] = useState(false);
  const [consumerRequestError, setConsumerRequestError] = useState<string | null>(null);
  const consumerRequestMissing = !company && !consumerRequest;
  // After a successful call the browser is on its way to the payment page: the button stays busy.
  const [redirecting, setRedirecting] = useState(false);

  useEffect(() => {
    if (!onChange) return;
    return form.subscribe({ formState: { values: true }, callback: ({ values }) => onChange(values) });
  }, [form, onChange]);

  const submitFields = handleSubmit(async (values) => {
    if (values.buyerType !== 'company' && !consumerRequest) return;
    setSubmitError(null);
    form.clearErrors('root');
    try {
      await onSubmit(values, values.buyerType !== 'company' && consumerRequest);
      setRedirecting(true);
    } catch (error) {
      setSubmitError(error);
      applyApiFieldErrors(form, error, { aliases: Object.fromEntries(FIELDS.map((f) => [`billing.${f}`, f])), fields: FIELDS });
      form.setError('root', { type: 'server', message: orderMessages.paymentError });
      if (isApiError(error) && error.fieldErrors.consumerRequest) setConsumerRequestError(error.fieldErrors.consumerRequest);
    }
  });
  // The express request is checked with the fields, its message under its box.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setConsumerRequestError(consumerRequestMissing ? CONSUMER_REQUEST_REQUIRED : null);
    return submitFields(event);
  };

  const error = submitError;
  const emailConflict =
    isApiError(error) &&
    error.status === 409 &&
    Boolean(error.fieldErrors.email ?? error.fieldErrors['billing.email']) &&
    Boolean(errors.email);
  const others = errors.root ? otherMessages(error) : [];
  const showGeneric = Boolean(errors.root) && !emailConflict;

  return (
    <TitledDialog
      titleId="billing-title"
      title="Informations de facturation"
      descriptionId="billing-description"
      description="Elles figurent sur vos factures. Vous réglez ensuite par carte sur la page de paiement sécurisée."
      width="w-[min(36rem,calc(100vw-1.5rem))]"
      onClose={onClose}
      busy={isSubmitting || redirecting}
    >
      <form onSubmit={submit} noValidate className="space-y-4 p-5 sm:p-6" aria-label="Informations de facturation">
        {showGeneric ? (
          <Alert tone="error">
            <p className="font-semibold">{errors.root?.message}</p>
            {others.length ? (
              <ul className="mt-1 list-disc pl-5">
                {others.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}

        <RadioCards legend="Vous commandez en tant que" options={BUYER_OPTIONS} {...register('buyerType')} />
        {company ? <CompanyIdentityInputs input={companyInputsOf(register, errors)} /> : null}
        <BuyerNameInput company={company} {...register('fullName', { validate: billingRules.fullName })} error={errors.fullName?.message} />
        <div>
          <EmailInput
            readOnly={emailLocked}
            maxLength={MAX_LENGTHS.email}
            hint={emailLocked ? "L'adresse de votre compte." : undefined}
            error={errors.email?.message}
            {...register('email', { validate: billingRules.email })}
          />
          {emailConflict ? (
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              <Link to={paths.login} state={backToOrder} className="font-semibold text-brand-700 underline dark:text-brand-300">
                Se connecter
              </Link>{' '}
              puis revenir à votre commande : elle est enregistrée.
            </p>
          ) : null}
        </div>
        <Field
          label="Téléphone (facultatif)"
          type="tel"
          maxLength={MAX_LENGTHS.phone}
          autoComplete="tel"
          inputMode="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <PostalAddressInputs
          address={{ ...register('address', { validate: billingRules.address }), error: errors.address?.message }}
          postalCode={{ ...register('postalCode', { validate: billingRules.postalCode }), error: errors.postalCode?.message }}
          city={{ ...register('city', { validate: billingRules.city }), error: errors.city?.message }}
        />

        {!company ? (
          <div>
            <label className="flex items-start gap-3 text-sm text-slate-700 dark:text-slate-300">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 rounded border-slate-300"
                checked={consumerRequest}
                aria-invalid={consumerRequestError ? true : undefined}
                aria-describedby={consumerRequestError ? 'consumer-request-error' : 'consumer-request-hint'}
                onChange={(event) => {
                  setConsumerRequest(event.target.checked);
                  if (event.target.checked) setConsumerRequestError(null);
                }}
              />
              <span>{CONSUMER_REQUEST_LABEL}</span>
            </label>
            <p id="consumer-request-hint" className="mt-1 pl-7 text-xs text-slate-500 dark:text-slate-400">
              Vous commandez en tant que particulier : voir vos droits dans les{' '}
              <Link to="/cgv#consommateurs" target="_blank" className="font-semibold text-brand-700 underline dark:text-brand-300">
                conditions applicables aux consommateurs
              </Link>
              .
            </p>
            {consumerRequestError ? (
              <p id="consumer-request-error" className="mt-1.5 pl-7 text-sm text-red-700 dark:text-red-400">
                {consumerRequestError}
              </p>
            ) : null}
          </div>
        ) : null}

        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" loading={isSubmitting || redirecting}>
            {isSubmitting || redirecting ? 'Redirection vers le paiement...' : 'Procéder au paiement'}
          </Button>
        </div>
      </form>
    </TitledDialog>
  );
}
