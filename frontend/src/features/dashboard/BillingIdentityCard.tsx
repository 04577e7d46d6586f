import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useGetBillingProfile } from '../../api/generated/billing/billing';
import type { BillingProfileDto, UpdateBillingProfileDto } from '../../api/generated/model';
import { buyerCompany, ORDER_MESSAGES } from '@vitrine/domain';
import { BuyerNameInput, CompanyIdentityInputs, companyInputsOf, PostalAddressInputs } from '../../components/form-fields';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Form, FormAlerts, useApiForm } from '../../components/ui/form';
import { QueryState } from '../../components/ui/query-state';
import { useUpdateBillingProfile } from './api';

export const billingIdentityMessages = {
  saved: 'Informations de facturation enregistrées. Elles figureront sur vos prochaines factures.',
  failed: "Erreur lors de l'enregistrement.",
} as const;

type Values = Required<UpdateBillingProfileDto>;

/** The profile's fields that the form edits (all but its date). */
const valuesOf = ({ updatedAt: _updatedAt, ...values }: BillingProfileDto): Values => values;

const required = (message: string) => (value: string) => value.trim() !== '' || message;

function BillingIdentityForm({ profile }: { profile: BillingProfileDto }) {
  const update = useUpdateBillingProfile();
  const form = useApiForm<Values>({
    defaultValues: valuesOf(profile),
    mode: 'onTouched',
    failureMessage: billingIdentityMessages.failed,
    onSubmit: async (values, { reset }) => {
      // An individual's invoices carry no company fields (buyerCompany() empties them); a company's go as typed.
      const next = await update.mutateAsync({ data: values.buyerType === 'company' ? values : { ...values, ...buyerCompany(values) } });
      reset(valuesOf(next));
    },
  });
  const { register, reset, errors, isSubmitting } = form;
  const company = useWatch({ control: form.control, name: 'buyerType' }) === 'company';
  useEffect(() => reset(valuesOf(profile)), [profile, reset]);

  const radio = 'h-4 w-4 accent-brand-600';
  return (
    <Form form={form} className="mt-6 space-y-5" aria-label="Informations de facturation">
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
      {company ? <CompanyIdentityInputs gap="gap-5" input={companyInputsOf(register, errors)} /> : null}
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
      <FormAlerts form={form} success={billingIdentityMessages.saved} />
      <Button type="submit" loading={isSubmitting}>
        Enregistrer la facturation
      </Button>
    </Form>
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
          <QueryState query={profile} loadingText="Chargement..." errorText="Impossible de charger vos informations de facturation." />
        </div>
      )}
    </Card>
  );
}
