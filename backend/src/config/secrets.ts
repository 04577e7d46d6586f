/**
 * The rules for the two secrets an operator gives: JWT_SECRET (signs sessions, seals the one-time links of the mail
 * outbox, signs photo links) and ADMIN_PASSWORD (the first admin's). Pure functions: loadConfig (app-config.ts) turns
 * what they return into lines of its « Configuration invalide » message.
 */

/** How to make a secret, said in every message about one. */
export const SECRET_RECIPE = 'openssl rand -base64 48';

/**
 * Values shown in this repository's documentation and compose file (or shipped there before): an instance started
 * with one of them has a signing key or an admin password anyone can read. Refused in production.
 */
export const DOCUMENTED_JWT_SECRETS: readonly string[] = ['change-me-to-a-long-random-secret-of-at-least-32-chars'];
export const DOCUMENTED_ADMIN_PASSWORDS: readonly string[] = ['change-me-please'];

/** Words that mark a value as a placeholder, whatever surrounds them. */
const PLACEHOLDER = /change[-_ .]?me|replace[-_ .]?me|placeholder|example|exemple|your[-_ .]?secret|votre[-_ .]?secret|<.*>/i;

export const JWT_SECRET_MIN_LENGTH = 32;
export const PRODUCTION_ADMIN_PASSWORD_MIN_LENGTH = 12;

/** Too few different characters, or one short pattern repeated (`abcabcabc…`): guessable whatever its length. */
export function isPredictable(value: string, minDistinct: number): boolean {
  if (new Set(value).size < minDistinct) return true;
  for (let period = 1; period <= value.length / 3; period++) {
    let repeats = true;
    for (let i = period; i < value.length && repeats; i++) repeats = value[i] === value[i - period];
    if (repeats) return true;
  }
  return false;
}

function isPlaceholder(value: string, documented: readonly string[]): boolean {
  const lower = value.trim().toLowerCase();
  return documented.includes(lower) || PLACEHOLDER.test(value);
}

/**
 * JWT_SECRET's problems. Everywhere: at least 32 characters, and required with DATABASE_URL (each instance would
 * otherwise generate its own in its DATA_DIR: a session signed by one answers 401 on another, and a mail written by
 * one and sent by another's worker has a link that cannot be opened). In production also: not a placeholder, not a
 * documented example, not predictable.
 */
export function jwtSecretProblems(secret: string | undefined, options: { production: boolean; databaseUrl?: string }): string[] {
  if (secret === undefined || secret === '') {
    return options.databaseUrl
      ? [
          `JWT_SECRET est requis avec DATABASE_URL : sans lui, chaque instance génère son propre secret dans son DATA_DIR, ` +
            `et une session ouverte sur l'une ou un lien envoyé par e-mail depuis l'autre ne fonctionne pas. ` +
            `Générez-en un (${SECRET_RECIPE}) et donnez le même à toutes les instances`,
        ]
      : [];
  }
  if (secret.length < JWT_SECRET_MIN_LENGTH) {
    return [`JWT_SECRET doit contenir au moins ${JWT_SECRET_MIN_LENGTH} caractères (générez-en un avec ${SECRET_RECIPE})`];
  }
  if (options.production && (isPlaceholder(secret, DOCUMENTED_JWT_SECRETS) || isPredictable(secret, 10))) {
    return [
      `JWT_SECRET est une valeur d'exemple ou trop prévisible : en production, donnez un secret aléatoire ` +
        `(${SECRET_RECIPE}), jamais celui de la documentation`,
    ];
  }
  return [];
}

/**
 * ADMIN_PASSWORD's problems: at least 8 characters; in production at least 12, not a placeholder, not a documented
 * example, not one character repeated. Unset is fine: a random password is printed once at the first start.
 */
export function adminPasswordProblems(password: string | undefined, options: { production: boolean }): string[] {
  if (password === undefined || password === '') return [];
  if (!options.production) return password.length < 8 ? ['ADMIN_PASSWORD doit contenir au moins 8 caractères'] : [];
  if (
    password.length < PRODUCTION_ADMIN_PASSWORD_MIN_LENGTH ||
    isPlaceholder(password, DOCUMENTED_ADMIN_PASSWORDS) ||
    isPredictable(password, 5)
  ) {
    return [
      `ADMIN_PASSWORD est une valeur d'exemple, trop courte ou trop prévisible : en production, choisissez un mot de passe ` +
        `d'au moins ${PRODUCTION_ADMIN_PASSWORD_MIN_LENGTH} caractères qui ne figure dans aucune documentation ` +
        `(ou retirez ADMIN_PASSWORD : un mot de passe aléatoire est affiché une fois au premier démarrage)`,
    ];
  }
  return [];
}

export const METRICS_TOKEN_MIN_LENGTH = 32;

/**
 * METRICS_TOKEN's problems: a bearer token sent in a header (visible ASCII, no space), at least 32 characters; in
 * production also not a placeholder, not predictable. Unset is fine: GET /api/metrics then answers 404.
 */
export function metricsTokenProblems(token: string | undefined, options: { production: boolean }): string[] {
  if (token === undefined || token === '') return [];
  if (token.length < METRICS_TOKEN_MIN_LENGTH || !/^[\x21-\x7e]+$/.test(token)) {
    return [
      `METRICS_TOKEN doit contenir au moins ${METRICS_TOKEN_MIN_LENGTH} caractères, sans espace ni accent (générez-en un avec ${SECRET_RECIPE})`,
    ];
  }
  if (options.production && (isPlaceholder(token, []) || isPredictable(token, 10))) {
    return [`METRICS_TOKEN est une valeur d'exemple ou trop prévisible : en production, donnez un jeton aléatoire (${SECRET_RECIPE})`];
  }
  return [];
}
