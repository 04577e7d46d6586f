import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { getGetBillingProfileQueryKey, useGetBillingProfile, useUpdateBillingProfile } from '../../api/generated/billing/billing';
import type { BillingProfileDto, UpdateBillingProfileDto } from '../../api/generated/model';
import { MAX_LENGTHS, ORDER_MESSAGES } from '../../api/generated/order-rules';
import { Button } from '../../components/ui/button';
import { Alert, Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { QueryState } from '../../components/ui/query-state';
import { cn } from '../../lib/cn';
import { applyApiFieldErrors } from '../../lib/form-errors';

export const billingIdentityMessages = {
  saved: 'Informations de facturation enregistrées. Elles figureront sur vos prochaines factures.',
  failed: "Erreur lors de l'enregistrement.",
} as const;

type Values = Required<UpdateBillingProfileDto>;

const valuesOf = (p: BillingProfileDto): Values => ({
  buyerType: p.buyerType,
  fullName: p.fullName,
  companyName: p.companyName,
  siren: p.siren,
  vatNumber: p.vatNumber,
  address: p.address,
  postalCode: p.postalCode,
  city: p.city,
});

const required = (message: string) => (value: string) => value.trim() !== '' || message;

function BillingIdentityForm({ profile }: { profile: BillingProfileDto }) {
  const queryClient = useQueryClient();
  const update = useUpdateBillingProfile();
  const [saved, setSaved] = useState(false);
  const form = useForm<Values>({ defaultValues: valuesOf(profile), mode: 'onTouched' });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const company = useWatch({ control: form.control, name: 'buyerType' }) === 'company';
  useEffect(() => reset(valuesOf(profile)), [profile, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setSaved(false);
    try {
      const next = await update.mutateAsync({
        data: company ? values : { ...values, companyName: '', siren: '', vatNumber: '' },
      });
      queryClient.setQueryData(getGetBillingProfileQueryKey(), next);
      reset(valuesOf(next));
      setSaved(true);
    } catch (error) {
      if (!applyApiFieldErrors(form, error)) setError('root.server', { type: 'server', message: billingIdentityMessages.failed });
    }
  });

  const radio = 'h-4 w-4 accent-brand-600';
  return (
    <form onSubmit={onSubmit} className="mt-6 space-y-5" noValidate aria-label="Informations de facturation">
      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">Vous êtes</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="radio" value="individual" className={radio} {...register('buyerType')} />
            Particulier
          </label>
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="radio" value="company" className={radio} {...register('buyerType')} />
            Entreprise
          </label>
        </div>
      </fieldset>
      {company ? (
        <>
          <Field
            label="Raison sociale"
            autoComplete="organization"
            maxLength={MAX_LENGTHS.companyName}
            error={errors.companyName?.message}
            {...register('companyName', { validate: (v) => !company || v.trim() !== '' || ORDER_MESSAGES.companyNameRequired })}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              label="SIREN (facultatif)"
              inputMode="numeric"
              maxLength={MAX_LENGTHS.companyId}
              hint="9 chiffres"
              error={errors.siren?.message}
              {...register('siren')}
            />
            <Field
              label="N° de TVA intracommunautaire (facultatif)"
              maxLength={MAX_LENGTHS.companyId}
              hint="FR, 2 caractères, puis le SIREN"
              error={errors.vatNumber?.message}
              {...register('vatNumber')}
            />
          </div>
        </>
      ) : null}
      <Field
        label={company ? 'Nom complet du contact' : 'Nom complet'}
        autoComplete="name"
        maxLength={MAX_LENGTHS.fullName}
        error={errors.fullName?.message}
        {...register('fullName', { validate: required(ORDER_MESSAGES.fullNameRequired) })}
      />
      <Field
        label="Adresse"
        autoComplete="street-address"
        maxLength={MAX_LENGTHS.address}
        error={errors.address?.message}
        {...register('address', { validate: required(ORDER_MESSAGES.addressRequired) })}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <Field
          label="Code postal"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={MAX_LENGTHS.postalCode}
          error={errors.postalCode?.message}
          {...register('postalCode', { validate: required(ORDER_MESSAGES.postalCodeRequired) })}
        />
        <Field
          label="Ville"
          autoComplete="address-level2"
          maxLength={MAX_LENGTHS.city}
          className={cn('sm:col-span-2')}
          error={errors.city?.message}
          {...register('city', { validate: required(ORDER_MESSAGES.cityRequired) })}
        />
      </div>
      {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
      {saved ? <Alert tone="success">{billingIdentityMessages.saved}</Alert> : null}
      <Button type="submit" loading={isSubmitting}>
        Enregistrer la facturation
      </Button>
    </form>
  );
}

/** The client's billing identity: who their invoices are made out to (an invoice already issued never changes). */
export function BillingIdentityCard() {
  const profile = useGetBillingProfile();
  return (
    <Card>
      <h2 className="text-lg font-semibold">Informations de facturation</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        À qui vos factures sont établies. Une modification vaut pour les factures suivantes ; une facture déjà émise ne change pas.
      </p>
      {profile.data ? (
        <BillingIdentityForm profile={profile.data} />
      ) : (
        <div className="mt-6">
          <QueryState
            loading={profile.isPending}
            error={profile.isError}
            loadingText="Chargement..."
            errorText="Impossible de charger vos informations de facturation."
            onRetry={() => void profile.refetch()}
          />
        </div>
      )}
    </Card>
  );
}
