/** Stripe-shaped errors and helpers reading form-decoded (qs) parameters the way the Stripe API interprets them. */
import type { EventRec } from './store.ts';

export type Params = Record<string, unknown>;
export type Json = Record<string, unknown>;

export class ApiError extends Error {
  readonly status: number;
  readonly param?: string;
  readonly code?: string;
  readonly type: string;
  /** More fields of Stripe's error object (a card error's decline_code…). */
  readonly extra: Json;
  /**
   * Events of a failure that still changed something (a declined charge counts an attempt): delivered, and the answer
   * kept for its Idempotency-Key, as Stripe keeps the result of a request that started executing.
   */
  events?: EventRec[];

  constructor(status: number, message: string, param?: string, code?: string, type = 'invalid_request_error', extra: Json = {}) {
    super(message);
    this.status = status;
    this.param = param;
    this.code = code;
    this.type = type;
    this.extra = extra;
  }

  toJSON(): Json {
    const error: Json = { type: this.type, message: this.message };
    if (this.code) error.code = this.code;
    if (this.param) error.param = this.param;
    if (this.code) error.doc_url = `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}`;
    Object.assign(error, this.extra);
    return { error };
  }
}

export const missing = (param: string): ApiError => new ApiError(400, `Missing required param: ${param}.`, param, 'parameter_missing');
export const invalid = (param: string, message: string): ApiError => new ApiError(400, message, param, 'parameter_invalid_empty');
export const noSuch = (kind: string, id: string, param = 'id', status = 404): ApiError =>
  new ApiError(status, `No such ${kind}: '${id}'`, param, 'resource_missing');

const label = (path: string[]): string => path.reduce((acc, part, i) => (i === 0 ? part : `${acc}[${part}]`), '');

/** A typed cursor over one level of parameters; `at` names the bracket path for error messages. */
export class P {
  readonly used = new Set<string>();
  readonly raw: Params;
  readonly path: string[];

  constructor(raw: Params, path: string[] = []) {
    this.raw = raw;
    this.path = path;
  }

  name(key: string): string {
    return label([...this.path, key]);
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined;
  }

  private take(key: string): unknown {
    this.used.add(key);
    return this.raw[key];
  }

  str(key: string, required = false): string | undefined {
    const v = this.take(key);
    if (v === undefined || v === '') {
      if (required) throw missing(this.name(key));
      return undefined;
    }
    if (typeof v !== 'string') throw invalid(this.name(key), `Invalid string: ${this.name(key)} must be a string.`);
    return v;
  }

  /** '' means "unset" (null) in Stripe's form encoding; undefined means "not sent". */
  nullableStr(key: string): string | null | undefined {
    const v = this.take(key);
    if (v === undefined) return undefined;
    if (v === '') return null;
    if (typeof v !== 'string') throw invalid(this.name(key), `Invalid string: ${this.name(key)} must be a string.`);
    return v;
  }

  oneOf<T extends string>(key: string, values: readonly T[], required = false): T | undefined {
    const v = this.str(key, required);
    if (v === undefined) return undefined;
    if (!values.includes(v as T)) {
      throw new ApiError(400, `Invalid ${this.name(key)}: must be one of ${values.join(', ')}`, this.name(key), 'parameter_invalid_string');
    }
    return v as T;
  }

  int(key: string, required = false, min = 0): number | undefined {
    const v = this.str(key, required);
    if (v === undefined) return undefined;
    if (!/^-?\d+$/.test(v)) throw new ApiError(400, `Invalid integer: ${v}`, this.name(key), 'parameter_invalid_integer');
    const n = Number(v);
    if (n < min)
      throw new ApiError(400, `This value must be greater than or equal to ${min}.`, this.name(key), 'parameter_invalid_integer');
    return n;
  }

  bool(key: string): boolean | undefined {
    const v = this.str(key);
    if (v === undefined) return undefined;
    if (v !== 'true' && v !== 'false') throw new ApiError(400, `Invalid boolean: ${v}`, this.name(key), 'parameter_invalid_string');
    return v === 'true';
  }

  obj(key: string, required = false): P | undefined {
    const v = this.take(key);
    if (v === undefined || v === '') {
      if (required) throw missing(this.name(key));
      return undefined;
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      throw invalid(this.name(key), `Invalid object: ${this.name(key)} must be a hash (e.g. ${this.name(key)}[key]=value).`);
    }
    return new P(v as Params, [...this.path, key]);
  }

  /** Arrays arrive as JS arrays (indexed or `[]` keys); a hash with numeric keys is accepted too. */
  list(key: string, required = false): unknown[] | undefined {
    const v = this.take(key);
    if (v === undefined || v === '') {
      if (required) throw missing(this.name(key));
      return undefined;
    }
    if (Array.isArray(v)) return v;
    if (typeof v === 'object' && v !== null && Object.keys(v).every((k) => /^\d+$/.test(k))) {
      return Object.entries(v as Params)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, x]) => x);
    }
    if (typeof v === 'string') return [v];
    throw invalid(this.name(key), `Invalid array: ${this.name(key)} must be an array.`);
  }

  strings(key: string): string[] | undefined {
    const l = this.list(key);
    if (l === undefined) return undefined;
    return l.map((x, i) => {
      if (typeof x !== 'string') throw invalid(`${this.name(key)}[${i}]`, `Invalid string: ${this.name(key)}[${i}]`);
      return x;
    });
  }

  objects(key: string, required = false): P[] | undefined {
    const l = this.list(key, required);
    if (l === undefined) return undefined;
    return l.map((x, i) => {
      if (typeof x !== 'object' || x === null || Array.isArray(x)) {
        throw invalid(`${this.name(key)}[${i}]`, `Invalid object: ${this.name(key)}[${i}] must be a hash.`);
      }
      return new P(x as Params, [...this.path, key, String(i)]);
    });
  }

  /**
   * Metadata as Stripe validates it (at most 50 keys, keys up to 40 characters, values up to 500). Returns the raw
   * update: a key mapped to null means "remove" (sent as `metadata[k]=`); `metadata=` (empty) clears everything.
   */
  metadata(key = 'metadata'): Record<string, string | null> | null | undefined {
    const v = this.take(key);
    if (v === undefined) return undefined;
    if (v === '') return null;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw invalid(this.name(key), 'Invalid metadata: must be a hash.');
    const out: Record<string, string | null> = {};
    for (const [k, val] of Object.entries(v as Params)) {
      if (k.length > 40)
        throw new ApiError(
          400,
          `Metadata key length can't exceed 40 characters: ${k}`,
          `${this.name(key)}[${k}]`,
          'parameter_invalid_string',
        );
      if (typeof val !== 'string') throw invalid(`${this.name(key)}[${k}]`, `Invalid metadata value for ${k}: must be a string.`);
      if (val.length > 500)
        throw new ApiError(
          400,
          `Metadata values can have up to 500 characters, but you passed in a value that is ${val.length} characters.`,
          `${this.name(key)}[${k}]`,
          'parameter_invalid_string',
        );
      out[k] = val === '' ? null : val;
    }
    if (Object.keys(out).length > 50)
      throw new ApiError(400, 'Metadata can have at most 50 keys.', this.name(key), 'parameter_invalid_string');
    return out;
  }

  /** Keys sent but never read by the handler (reported in the log, accepted like Stripe would accept them). */
  unused(): string[] {
    return Object.keys(this.raw)
      .filter((k) => !this.used.has(k))
      .map((k) => this.name(k));
  }
}

export function applyMetadata(
  current: Record<string, string>,
  update: Record<string, string | null> | null | undefined,
): Record<string, string> {
  if (update === undefined) return current;
  if (update === null) return {};
  const next = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === null) delete next[k];
    else next[k] = v;
  }
  return next;
}

export function freshMetadata(update: Record<string, string | null> | null | undefined): Record<string, string> {
  return applyMetadata({}, update);
}
