import { type ArgumentMetadata, BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

/** `{ field: 'message' }`, nested fields joined with dots; the first message of each field. */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    const constraints = error.constraints ? Object.entries(error.constraints) : [];
    if (constraints.length) {
      const whitelisted = constraints.find(([name]) => name === 'whitelistValidation');
      out[path] = whitelisted ? 'Champ non autorisé' : constraints[constraints.length - 1][1];
    }
    if (error.children?.length) Object.assign(out, flattenValidationErrors(error.children, path));
  }
  return out;
}

export const INVALID_CHARACTERS = 'Caractères invalides';
/** Deepest nesting of a JSON body or query (our deepest DTO has 3 levels); deeper is refused before any recursion. */
export const MAX_INPUT_DEPTH = 32;
export const TOO_DEEP = `Données trop imbriquées (${MAX_INPUT_DEPTH} niveaux au plus)`;

/**
 * NUL (PostgreSQL's text refuses it) or a UTF-16 surrogate without its pair (JSON.parse accepts `"\ud800"`, but it
 * has no UTF-8 form: PostgreSQL, encodeURIComponent and mails fail on it). In `u` mode a well-formed pair is one code
 * point, so only a lone surrogate is `\p{Cs}`.
 */
const UNSAFE_CHARACTER = /[\0\p{Cs}]/u;

export function hasUnsafeCharacters(text: string): boolean {
  return UNSAFE_CHARACTER.test(text);
}

/**
 * Walks every string (and key) of an input without recursion: the fields holding an unsafe character
 * (`{ 'billing.city': 'Caractères invalides' }`; an item of a list counts for its list), or `tooDeep` when the value
 * nests deeper than MAX_INPUT_DEPTH (class-transformer and class-validator recurse and would overflow the stack).
 */
export function scanInput(value: unknown, root = ''): { tooDeep: boolean; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: root, depth: 0 }];
  while (stack.length) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (hasUnsafeCharacters(current)) errors[path || 'body'] = INVALID_CHARACTERS;
      continue;
    }
    if (!current || typeof current !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { tooDeep: true, errors: {} };
    if (Array.isArray(current)) {
      for (const item of current) stack.push({ value: item, path, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      const safeKey = hasUnsafeCharacters(key) ? key.replace(/[\0\p{Cs}]/gu, '\ufffd') : key;
      const itemPath = path ? `${path}.${safeKey}` : safeKey;
      if (safeKey !== key) errors[itemPath] = INVALID_CHARACTERS;
      stack.push({ value: item, path: itemPath, depth: depth + 1 });
    }
  }
  return { tooDeep: false, errors };
}

/**
 * The global pipe: before any DTO is built, every string of the body, the query and the path parameters is checked
 * for characters no field may hold, and the body's nesting is bounded; then class-validator's checks, errors as
 * `{ statusCode, message, errors: { field: 'message fr' } }`.
 */
class InputValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query' || metadata.type === 'param') {
      const { tooDeep, errors } = scanInput(value, metadata.data ?? '');
      if (tooDeep) throw new BadRequestException({ statusCode: 400, message: TOO_DEEP });
      if (Object.keys(errors).length) throw new BadRequestException({ statusCode: 400, message: 'Données invalides', errors });
    }
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new InputValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) =>
      new BadRequestException({ statusCode: 400, message: 'Données invalides', errors: flattenValidationErrors(errors) }),
  });
}
