/**
 * The rule for a password a person chooses (sign-up, first login, reset, change), checked by the server and told by
 * the forms alike: 8 characters at least, the CNIL's recommendation for a password protected by a sign-in lockout
 * (délibération n° 2022-100). A password set earlier under the old 6-character rule still signs in: only new
 * passwords are checked.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** 'Le mot de passe doit contenir au moins 8 caractères' */
export const PASSWORD_TOO_SHORT = `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`;

/** The hint under a new password's field: '8 caractères minimum.' */
export const PASSWORD_HINT = `${PASSWORD_MIN_LENGTH} caractères minimum.`;
