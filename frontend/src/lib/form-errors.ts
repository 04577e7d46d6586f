import type { FieldPath, FieldValues, UseFormGetValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api/http';

/** What the helper needs from a react-hook-form form (pass the whole `useForm()` result). */
export interface FormErrorTarget<T extends FieldValues> {
  setError: UseFormSetError<T>;
  getValues: UseFormGetValues<T>;
}

export interface ApplyApiFieldErrorsOptions<T extends FieldValues> {
  /** Server field name → form field path, when they differ (e.g. { newPassword: 'password' }). */
  aliases?: Partial<Record<string, FieldPath<T>>>;
  /** The fields that may receive a server error; by default every field the form holds a value for. */
  fields?: readonly FieldPath<T>[];
}

/** 'contactInfo.email', 'items[0].name' → 'items.0.name' */
function normalisePath(path: string): string {
  return path.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
}

function hasPath(values: unknown, path: string): boolean {
  let current: unknown = values;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || !(key in current)) return false;
    current = (current as Record<string, unknown>)[key];
  }
  return true;
}

/**
 * Puts the API's per-field French messages (ApiError.fieldErrors, e.g. { email: 'Cet email est déjà utilisé',
 * 'contactInfo.email': "Format d'email invalide" }) under the matching fields of a react-hook-form form, and moves
 * the focus to the first one. Unknown fields are ignored.
 *
 * Returns true when at least one field received a message; false tells the caller to show its generic
 * failure message instead (the error was not about a field, or not an API error at all).
 */
export function applyApiFieldErrors<T extends FieldValues>(
  form: FormErrorTarget<T>,
  error: unknown,
  { aliases = {}, fields }: ApplyApiFieldErrorsOptions<T> = {},
): boolean {
  if (!isApiError(error)) return false;
  const values = form.getValues();
  let matched = false;
  for (const [serverPath, message] of Object.entries(error.fieldErrors)) {
    if (!message) continue;
    const path = aliases[serverPath] ?? normalisePath(serverPath);
    const known = fields ? (fields as readonly string[]).includes(path) : hasPath(values, path);
    if (!known) continue;
    form.setError(path as FieldPath<T>, { type: 'server', message }, { shouldFocus: !matched });
    matched = true;
  }
  return matched;
}

/** Whether an error carries a message for at least one of the given fields (for render-time decisions). */
export function hasApiFieldError(error: unknown, fields: readonly string[]): boolean {
  return isApiError(error) && Object.keys(error.fieldErrors).some((f) => fields.includes(normalisePath(f)));
}
