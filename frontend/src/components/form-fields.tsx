import type { ReactNode } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form';
import {
  buyerCompany,
  COMPANY_IDENTITY_FIELDS,
  type CompanyFieldSpec,
  companyFieldCheck,
  type CompanyIdentityField,
  MAX_LENGTHS,
  PASSWORD_HINT,
} from '@vitrine/domain';
import { Field } from './ui/field';

type Registered = UseFormRegisterReturn & { error?: string };

/** The e-mail input of every form (register it with `emailRules`, or the form's own rule). */
export function EmailInput({
  error,
  label = 'E-mail',
  readOnly,
  maxLength,
  hint,
  ...registration
}: Registered & { label?: string; readOnly?: boolean; maxLength?: number; hint?: ReactNode }) {
  return (
    <Field
      label={label}
      type="email"
      autoComplete="email"
      inputMode="email"
      readOnly={readOnly}
      maxLength={maxLength}
      hint={hint}
      error={error}
      {...registration}
    />
  );
}

/** A new password and its confirmation (register them with `newPasswordRules` and `confirmPasswordRules`). */
export function NewPasswordInputs({
  password,
  confirm,
  label = 'Mot de passe',
}: {
  password: Registered;
  confirm: Registered;
  label?: string;
}) {
  const { error: passwordError, ...passwordProps } = password;
  const { error: confirmError, ...confirmProps } = confirm;
  return (
    <>
      <Field
        label={label}
        type="password"
        autoComplete="new-password"
        revealable
        hint={PASSWORD_HINT}
        error={passwordError}
        {...passwordProps}
      />
      <Field label="Confirmer le mot de passe" type="password" autoComplete="new-password" error={confirmError} {...confirmProps} />
    </>
  );
}

/** The space between the fields of a row, the same as between rows (space-y-4 or space-y-5 around them). */
type RowGap = 'gap-4' | 'gap-5';

/** A company input registered in a react-hook-form form whose values hold the company's fields (see CompanyIdentityInputs). */
export function companyInputsOf<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
  /**
   * true: the browser runs @vitrine/domain's checks of each field given (the SIREN's key, the VAT number of the
   * SIREN…) beyond 'required'; else only 'required', and the server's messages show under the inputs.
   */
  checked = false,
) {
  return (spec: CompanyFieldSpec): Registered => ({
    ...register(spec.field as Path<T>, {
      validate: (value: unknown, values: T) => {
        const text = String(value ?? '');
        if (spec.required && text.trim() === '') return spec.required;
        if (!checked || text.trim() === '') return true;
        const company: Record<string, string> = buyerCompany({ ...values, buyerType: 'company' });
        return companyFieldCheck(spec, company[spec.field], company);
      },
    }),
    error: errors[spec.field]?.message as string | undefined,
  });
}

/**
 * A company buyer's identity on its invoices, as @vitrine/domain's COMPANY_IDENTITY_FIELDS lists it: its name, then
 * its identifiers (SIREN and VAT number, optional: the server checks their check digits and that the VAT number
 * matches the SIREN) two by two. The order's billing dialog, the profile's billing card and an invoice's correction
 * show these.
 */
export function CompanyIdentityInputs({ input, gap = 'gap-4' }: { input: (spec: CompanyFieldSpec) => Registered; gap?: RowGap }) {
  const field = (spec: CompanyFieldSpec) => {
    const { error, ...registration } = input(spec);
    return (
      <Field
        key={spec.field}
        label={spec.label}
        hint={spec.hint}
        autoComplete={spec.autoComplete}
        inputMode={spec.inputMode}
        maxLength={spec.maxLength}
        error={error}
        {...registration}
      />
    );
  };
  const [name, ...identifiers]: readonly CompanyFieldSpec[] = COMPANY_IDENTITY_FIELDS;
  return (
    <>
      {field(name)}
      <div className={`grid ${gap} sm:grid-cols-2`}>{identifiers.map(field)}</div>
    </>
  );
}

/**
 * A company buyer's fields as a display shows them (the admin's invoice page): its name first, then, after what the
 * display puts between (the contact), its identifiers; '—' for a field not given.
 */
export function companyRows(buyer: Partial<Record<CompanyIdentityField, string | null>>) {
  const rows = COMPANY_IDENTITY_FIELDS.map((spec: CompanyFieldSpec) => ({
    key: spec.field,
    label: spec.shortLabel,
    value: buyer[spec.field as CompanyIdentityField] || '—',
  }));
  return { name: rows[0], identifiers: rows.slice(1) };
}

/** The buyer's name on its invoices: the contact's, for a company. */
export function BuyerNameInput({ company, error, ...registration }: Registered & { company: boolean }) {
  return (
    <Field
      label={company ? 'Nom complet du contact' : 'Nom complet'}
      autoComplete="name"
      maxLength={MAX_LENGTHS.fullName}
      error={error}
      {...registration}
    />
  );
}

/** A billing address: the street, then the postal code and the city on one row. */
export function PostalAddressInputs({
  address,
  postalCode,
  city,
  gap = 'gap-4',
}: {
  address: Registered;
  postalCode: Registered;
  city: Registered;
  gap?: RowGap;
}) {
  const { error: addressError, ...addressProps } = address;
  const { error: postalCodeError, ...postalCodeProps } = postalCode;
  const { error: cityError, ...cityProps } = city;
  return (
    <>
      <Field label="Adresse" autoComplete="street-address" maxLength={MAX_LENGTHS.address} error={addressError} {...addressProps} />
      <div className={`grid ${gap} sm:grid-cols-3`}>
        <Field
          label="Code postal"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={MAX_LENGTHS.postalCode}
          error={postalCodeError}
          {...postalCodeProps}
        />
        <Field
          label="Ville"
          autoComplete="address-level2"
          maxLength={MAX_LENGTHS.city}
          className="sm:col-span-2"
          error={cityError}
          {...cityProps}
        />
      </div>
    </>
  );
}
