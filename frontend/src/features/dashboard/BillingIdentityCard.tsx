import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { getGetBillingProfileQueryKey, useGetBillingProfile, useUpdateBillingProfile } from '../../api/generated/billing/billing';
import type { BillingProfileDto, UpdateBillingProfileDto } from '../../api/generated/model';
import { ORDER_MESSAGES } from '@vitrine/domain';
import { BuyerNameInput, CompanyIdentityInputs, PostalAddressInputs } from '../../components/form-fields';
import { Button } from '../../components/ui/button';
import { Alert, Card } from '../../components/ui/card';
import { QueryState } from '../../components/ui/query-state';
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
        <CompanyIdentityInputs
          gap="gap-5"
          companyName={{
            ...register('companyName', { validate: (v) => !company || v.trim() !== '' || ORDER_MESSAGES.companyNameRequired }),
            error: errors.companyName?.message,
          }}
          siren={{ ...register('siren'), error: errors.siren?.message }}
          vatNumber={{ ...register('vatNumber'), error: errors.vatNumber?.message }}
        />
      ) : null}
      <BuyerNameInput
        company={company}
        {...register('fullName', { validate: required(ORDER_MESSAGES.fullNameRequired) })}
        error={errors.fullName?.message}
      />
      <PostalAddressInputs
        gap="gap-5"
        address={{ ...register('address', { validate: required(ORDER_MESSAGES.addressRequired) }), error: errors.address?.message }}
        postalCode={{
          ...register('postalCode', { validate: required(ORDER_MESSAGES.postalCodeRequired) }),
          error: errors.postalCode?.message,
        }}
        city={{ ...register('city', { validate: required(ORDER_MESSAGES.cityRequired) }), error: errors.city?.message }}
      />
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
