import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './ui/field';

type Registered = UseFormRegisterReturn & { error?: string };

/** The e-mail input of every form (register it with `emailRules`, or the form's own rule). */
export function EmailInput({
  error,
  label = 'Email',
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
        hint="6 caractères minimum."
        error={passwordError}
        {...passwordProps}
      />
      <Field label="Confirmer le mot de passe" type="password" autoComplete="new-password" error={confirmError} {...confirmProps} />
    </>
  );
}
