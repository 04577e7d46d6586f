/** Validation messages and rules shared by the auth forms (French texts from the specification). */
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from '@vitrine/domain';

/** A new password's minimum, the server's (@vitrine/domain). */
export const MIN_PASSWORD_LENGTH = PASSWORD_MIN_LENGTH;

export const messages = {
  emailRequired: "L'email est requis",
  emailInvalid: "Format d'email invalide",
  passwordRequired: 'Le mot de passe est requis',
  passwordTooShort: PASSWORD_TOO_SHORT,
  passwordsMismatch: 'Les mots de passe ne correspondent pas',
  nameRequired: 'Le nom est requis',
  loginFailed: 'Email ou mot de passe incorrect',
  registerFailed: 'Erreur lors de la création du compte',
  invalidLink: 'Lien invalide ou expiré',
  passwordChangeFailed: 'Erreur lors du changement de mot de passe',
} as const;

/** A simple address pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** react-hook-form rules for an e-mail address (required, simple pattern). */
export const emailRules = {
  required: messages.emailRequired,
  pattern: { value: EMAIL_PATTERN, message: messages.emailInvalid },
} as const;

/** react-hook-form rules for a new password (at least 8 characters; empty says the same). */
export const newPasswordRules = {
  required: messages.passwordTooShort,
  minLength: { value: MIN_PASSWORD_LENGTH, message: messages.passwordTooShort },
} as const;

/** react-hook-form rules for the confirmation of the form's `password` field. */
export const confirmPasswordRules = {
  validate: (value: string, all: { password: string }) => value === all.password || messages.passwordsMismatch,
};
