import { companyAsText, type CompanyIdentity, companyFieldsOf, ORDER_MESSAGES } from '@vitrine/domain';
import { useId } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import type { InvoiceCorrectionDto, LegalInvoiceDetailDto } from '../../api/generated/model';
import { isApiError } from '../../api/http';
import { BuyerNameInput, CompanyIdentityInputs, companyInputsOf, PostalAddressInputs } from '../../components/form-fields';
import { Button } from '../../components/ui/button';
import { Field, Form, FormAlerts, Textarea, useApiForm } from '../../components/ui/form';
import { TitledDialog } from '../../components/ui/modal-dialog';
import { formatEuros } from '../../lib/format';
import { useCorrectAdminLegalInvoice } from './api';

interface LineValues {
  label: string;
  detail: string;
  quantity: string;
  /** Euros including VAT, as typed ('29,00') */
  amount: string;
}

/** The form's values: a company's fields (@vitrine/domain's table) as typed, beside the rest of the buyer and the lines. */
export interface CorrectionValues extends CompanyIdentity {
  reason: string;
  buyerType: 'individual' | 'company';
  fullName: string;
  address: string;
  postalCode: string;
  city: string;
  editLines: boolean;
  lines: LineValues[];
  saveToProfile: boolean;
}

export const correctionTexts = {
  failed: "La correction n'a pas pu être émise. Réessayez.",
  amountInvalid: 'Montant invalide (par exemple 29,00 ou -12,50)',
  quantityInvalid: 'La quantité est un nombre entier de 1 à 1 000.',
  labelRequired: 'Le libellé de la ligne est requis',
  reasonRequired: 'Le motif de la correction est requis',
} as const;

const MAX_LINES = 50;
/** Each line's server errors on its amount go under the euros field the form shows. */
const AMOUNT_ALIASES = Object.fromEntries(
  Array.from({ length: MAX_LINES }, (_, i) => [`lines.${i}.amountInclCents`, `lines.${i}.amount` as const]),
) as Record<string, `lines.${number}.amount`>;

/** '29,00', '29.5', '-12,34' → cents; null when it is not an amount. */
export function centsOf(amount: string): number | null {
  const text = amount.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

const eurosInput = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

function valuesOf(doc: LegalInvoiceDetailDto): CorrectionValues {
  const b = doc.buyer;
  return {
    reason: '',
    buyerType: b.type,
    fullName: b.name,
    ...companyAsText(b),
    address: b.address,
    postalCode: b.postalCode,
    city: b.city,
    editLines: false,
    lines: doc.lines.map((l) => ({
      label: l.label,
      detail: l.detail ?? '',
      quantity: String(l.quantity),
      amount: eurosInput(l.amountInclCents),
    })),
    saveToProfile: false,
  };
}

const required = (message: string) => (value: string) => value.trim() !== '' || message;
/** A line's check, only while the lines are corrected. */
const whenEditing =
  (check: (value: string) => true | string) =>
  (value: string, values: CorrectionValues): true | string =>
    !values.editLines || check(value);

/**
 * 'Corriger la facture': the corrected buyer identity (and, if asked, the lines, whose total including VAT stays the
 * one collected) and the reason, then one call that issues a credit note cancelling the invoice and a corrected
 * invoice with a new number; the client is mailed both. Every field is checked as the server checks it (the SIREN's
 * key, the VAT number matching it: @vitrine/domain's rules), and the server's French messages go under their fields.
 */
export function CorrectInvoiceDialog({
  doc,
  onClose,
  onCorrected,
}: {
  doc: LegalInvoiceDetailDto;
  onClose: () => void;
  onCorrected: (result: InvoiceCorrectionDto) => void;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const correct = useCorrectAdminLegalInvoice();
  const form = useApiForm<CorrectionValues>({
    defaultValues: valuesOf(doc),
    mode: 'onTouched',
    serverFields: { aliases: AMOUNT_ALIASES },
    failureMessage: (error) => (isApiError(error) && error.status !== 500 && error.message ? error.message : correctionTexts.failed),
    onSubmit: async (values) => {
      const company = values.buyerType === 'company';
      const result = await correct.mutateAsync({
        id: doc.id,
        data: {
          reason: values.reason.trim(),
          buyerType: values.buyerType,
          fullName: values.fullName,
          address: values.address,
          postalCode: values.postalCode,
          city: values.city,
          ...(company ? companyFieldsOf(values) : {}),
          ...(values.editLines
            ? {
                lines: values.lines.map((l) => ({
                  label: l.label,
                  ...(l.detail.trim() ? { detail: l.detail } : {}),
                  quantity: Number(l.quantity),
                  amountInclCents: centsOf(l.amount)!,
                })),
              }
            : {}),
          ...(doc.userId ? { saveToProfile: values.saveToProfile } : {}),
        },
      });
      onCorrected(result);
    },
  });
  const { register, control, errors, isSubmitting } = form;
  const company = useWatch({ control, name: 'buyerType' }) === 'company';
  const editLines = useWatch({ control, name: 'editLines' });
  const lines = useFieldArray({
    control,
    name: 'lines',
    rules: { validate: (items, values) => !values.editLines || totalCheck(items, doc.totalInclCents) },
  });
  const linesError = errors.lines?.root?.message ?? errors.lines?.message;
  const radio = 'h-4 w-4 accent-brand-600';

  return (
    <TitledDialog
      titleId={titleId}
      descriptionId={descriptionId}
      title={`Corriger la facture ${doc.number}`}
      description={
        <>
          Une facture émise ne se modifie pas : un avoir l'annule et une facture rectificative, avec un nouveau numéro, la remplace. Le
          client reçoit les deux par e-mail ; le montant encaissé ({formatEuros(doc.totalInclCents, { cents: true })}) ne change pas.
        </>
      }
      width="w-[min(44rem,calc(100vw-1.5rem))]"
      onClose={onClose}
      busy={isSubmitting}
    >
      <Form form={form} className="space-y-5 p-5 sm:p-6" aria-label={`Correction de la facture ${doc.number}`}>
        <Textarea
          id={`${titleId}-reason`}
          label="Motif de la correction"
          rows={2}
          maxLength={500}
          hint="Inscrit au journal d'audit et repris dans l'e-mail au client"
          error={errors.reason?.message}
          {...register('reason', { validate: required(correctionTexts.reasonRequired) })}
        />
        <fieldset className="space-y-4">
          <legend className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">Acheteur</legend>
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
          {company ? <CompanyIdentityInputs input={companyInputsOf(register, errors, true)} /> : null}
          <BuyerNameInput
            company={company}
            {...register('fullName', { validate: required(ORDER_MESSAGES.fullNameRequired) })}
            error={errors.fullName?.message}
          />
          <PostalAddressInputs
            address={{ ...register('address', { validate: required(ORDER_MESSAGES.addressRequired) }), error: errors.address?.message }}
            postalCode={{
              ...register('postalCode', { validate: required(ORDER_MESSAGES.postalCodeRequired) }),
              error: errors.postalCode?.message,
            }}
            city={{ ...register('city', { validate: required(ORDER_MESSAGES.cityRequired) }), error: errors.city?.message }}
          />
        </fieldset>

        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('editLines')} />
          Corriger aussi les lignes
        </label>
        {editLines ? (
          <div className="space-y-4">
            {lines.fields.map((field, i) => (
              <fieldset key={field.id} className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
                <legend className="px-1 text-sm font-medium">Ligne {i + 1}</legend>
                <Field
                  label="Libellé"
                  maxLength={200}
                  error={errors.lines?.[i]?.label?.message}
                  {...register(`lines.${i}.label`, { validate: whenEditing(required(correctionTexts.labelRequired)) })}
                />
                <Field
                  label="Précision (facultatif)"
                  maxLength={200}
                  error={errors.lines?.[i]?.detail?.message}
                  {...register(`lines.${i}.detail`)}
                />
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field
                    label="Quantité"
                    inputMode="numeric"
                    error={errors.lines?.[i]?.quantity?.message}
                    {...register(`lines.${i}.quantity`, {
                      validate: whenEditing(
                        (v) => (/^\d+$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= 1000) || correctionTexts.quantityInvalid,
                      ),
                    })}
                  />
                  <Field
                    label="Montant TTC (€)"
                    inputMode="decimal"
                    error={errors.lines?.[i]?.amount?.message}
                    {...register(`lines.${i}.amount`, {
                      validate: whenEditing((v) => centsOf(v) !== null || correctionTexts.amountInvalid),
                    })}
                  />
                </div>
                {lines.fields.length > 1 ? (
                  <Button variant="secondary" size="sm" onClick={() => lines.remove(i)}>
                    Retirer la ligne {i + 1}
                  </Button>
                ) : null}
              </fieldset>
            ))}
            {lines.fields.length < MAX_LINES ? (
              <Button variant="secondary" size="sm" onClick={() => lines.append({ label: '', detail: '', quantity: '1', amount: '0,00' })}>
                Ajouter une ligne
              </Button>
            ) : null}
            {linesError ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {linesError}
              </p>
            ) : null}
          </div>
        ) : null}

        {doc.userId ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('saveToProfile')} />
            Enregistrer aussi cette identité pour les prochaines factures du client
          </label>
        ) : null}
        <FormAlerts form={form} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Annuler
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Émettre l'avoir et la facture rectificative
          </Button>
        </div>
      </Form>
    </TitledDialog>
  );
}

/** The lines' total including VAT must stay the one collected (only checked when the lines are corrected). */
function totalCheck(items: LineValues[], totalInclCents: number): true | string {
  const amounts = items.map((l) => centsOf(l.amount));
  if (amounts.some((a) => a === null)) return true;
  const total = amounts.reduce<number>((sum, a) => sum + a!, 0);
  return (
    total === totalInclCents ||
    `Le total TTC des lignes (${formatEuros(total, { cents: true })}) doit rester celui de la facture, encaissé : ${formatEuros(totalInclCents, { cents: true })}.`
  );
}
