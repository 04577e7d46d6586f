/** Validation messages and rules shared by the auth forms (French texts from the specification). */
export const MIN_PASSWORD_LENGTH = 6;

export const messages = {
  emailRequired: "L'email est requis",
  emailInvalid: "Format d'email invalide",
  passwordRequired: 'Le mot de passe est requis',
  passwordTooShort: 'Le mot de passe doit contenir au moins 6 caractères',
  passwordsMismatch: 'Les mots de passe ne correspondent pas',
  nameRequired: 'Le nom est requis',
  loginFailed: 'Email ou mot de passe incorrect',
  registerFailed: 'Erreur lors de la création du compte',
  invalidLink: 'Lien invalide ou expiré',
  passwordChangeFailed: 'Erreur lors du changement de mot de passe',
} as const;

/** A simple address pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
