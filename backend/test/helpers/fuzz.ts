import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';

/**
 * Requests generated from openapi.yaml for the contract fuzz tier (contract-fuzz.e2e-spec.ts): for every operation,
 * its path parameters (real ids or anything), its query and its body, each value valid for its schema or not (wrong
 * type, too long, out of range, NUL, lone surrogates, deep nesting, unknown fields).
 */
export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  items?: Schema;
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
}
export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
export interface Operation {
  operationId: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, unknown>;
}
export interface FuzzOperation {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  op: Operation;
}

export const openapi = parse(readFileSync(resolve(__dirname, '../../../openapi.yaml'), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

export const fuzzOperations: FuzzOperation[] = Object.entries(openapi.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ method: method as FuzzOperation['method'], path, op })),
);

function deref(schema: Schema): Schema {
  if (schema.$ref) return deref(openapi.components.schemas[schema.$ref.split('/').pop()!]);
  if (schema.allOf?.length === 1) return { ...deref(schema.allOf[0]), ...schema, allOf: undefined };
  return schema;
}

/** Text that broke or could break something: NUL, lone surrogates, SQL and path tricks, numbers as text, blanks. */
export const HOSTILE_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'a\ud800b',
  '\udc00',
  'é😀',
  '%00',
  "'; DROP TABLE users; --",
  '%_\\',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '=SUM(A1)',
  '1e20',
  '-1',
  '0',
  'null',
  'true',
  '00000000-0000-0000-0000-000000000000',
];
const hostileText = fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.string({ unit: 'binary', maxLength: 40 }));
const hostileNumber = fc.constantFrom(1e20, -1, 0, 1.5, -0, Number.MAX_SAFE_INTEGER, 2 ** 31, -(2 ** 31) - 1);
/** `[[[…]]]` or `{"a":{"a":…}}` n levels deep. */
const nested = fc.tuple(fc.integer({ min: 30, max: 2_000 }), fc.boolean()).map(([depth, arrays]) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
});
const wrongType = fc.constantFrom<unknown>(null, 42, -1, true, false, [], {}, [1, 'a'], { x: 1 });

/** Addresses as people type them (mostly), and RFC oddities that validators disagree on (sometimes). */
const email = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,15}$/), fc.constantFrom('example.com', 'exemple.fr', 'boulangerie-martin.fr'))
      .map(([local, domain]) => `${local}@${domain}`),
  },
  { weight: 1, arbitrary: fc.emailAddress() },
);

function validString(schema: Schema): fc.Arbitrary<string> {
  const max = schema.maxLength ?? 60;
  const min = schema.minLength ?? 0;
  if (schema.format === 'email') return email.filter((e) => e.length <= max);
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time')
    return fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') }).map((d) => d.toISOString());
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 40) }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 40) }) },
    { weight: 1, arbitrary: fc.constant('x'.repeat(Math.max(min, max))) },
  );
}

/**
 * A value the schema accepts; with `poison`, each text has a chance to carry a NUL or an unpaired surrogate (the only
 * fault of an otherwise valid body: what reaches PostgreSQL unless something refuses it first).
 */
export function validValue(raw: Schema, depth = 0, poison = false): fc.Arbitrary<unknown> {
  const schema = deref(raw);
  let arbitrary: fc.Arbitrary<unknown>;
  if (schema.enum) arbitrary = fc.constantFrom(...schema.enum);
  else if (schema.type === 'string' && poison && schema.format !== 'binary')
    arbitrary = fc.oneof({ weight: 3, arbitrary: validString(schema) }, { weight: 1, arbitrary: poisoned(validString(schema)) });
  else if (schema.type === 'string') arbitrary = validString(schema);
  else if (schema.type === 'integer' || schema.type === 'number')
    arbitrary = fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1000, 2_000_000) });
  else if (schema.type === 'boolean') arbitrary = fc.boolean();
  else if (schema.type === 'array')
    arbitrary = fc.array(validValue(schema.items ?? {}, depth + 1, poison), { maxLength: Math.min(schema.maxItems ?? 5, 5) });
  else if (schema.properties && depth < 6) {
    const props = Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, validValue(value, depth + 1, poison)]));
    arbitrary = fc.record(props, { requiredKeys: (schema.required ?? []).filter((k) => k in props) }).map(confirmed);
  } else arbitrary = fc.constant({});
  return schema.nullable ? fc.option(arbitrary, { nil: null, freq: 5 }) : arbitrary;
}

/** A confirmation repeats its password (a rule the schema cannot state). */
function confirmed(value: Record<string, unknown>): Record<string, unknown> {
  if (!('confirmPassword' in value)) return value;
  return { ...value, confirmPassword: value.newPassword ?? value.password };
}

/** A value that breaks the schema somewhere, or is plain hostile. */
export function invalidValue(raw: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = deref(raw);
  const common = [wrongType, hostileText, hostileNumber] as fc.Arbitrary<unknown>[];
  if (schema.type === 'string' && schema.maxLength !== undefined) common.push(fc.constant('y'.repeat(schema.maxLength + 1)));
  if (schema.type === 'array' && depth < 6)
    common.push(
      fc.array(anyValue(schema.items ?? {}, depth + 1), { minLength: (schema.maxItems ?? 20) + 1, maxLength: (schema.maxItems ?? 20) + 2 }),
    );
  if (schema.properties && depth < 6) {
    const props = Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, anyValue(value, depth + 1)]));
    // Some fields valid, some not, required ones possibly missing, an unknown field now and then.
    common.push(
      fc
        .tuple(
          fc.record(props, { requiredKeys: [] }),
          fc.option(fc.tuple(fc.constantFrom('unknown', 'role', '__proto__', 'isAdmin', 'x\u0000'), fc.jsonValue({ maxDepth: 2 }))),
        )
        .map(([value, extra]) => (extra ? { ...(value as object), [extra[0]]: extra[1] } : value)),
    );
  }
  if (depth === 0) common.push(nested, fc.jsonValue({ maxDepth: 3 }));
  return fc.oneof(...common);
}

/** A valid text with a NUL or an unpaired surrogate slipped in: what PostgreSQL and UTF-8 refuse. */
export function poisoned(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(valid, fc.constantFrom('\u0000', '\ud800', '\udfff', '\udc00\ud800'), fc.nat())
    .map(([text, bad, at]) => text.slice(0, at % (text.length + 1)) + bad + text.slice(at % (text.length + 1)));
}

/** A request body: valid, valid but for poisoned texts, or valid and invalid fields mixed. */
export function bodyValue(schema: Schema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: validValue(schema) },
    { weight: 3, arbitrary: validValue(schema, 0, true) },
    { weight: 2, arbitrary: anyValue(schema) },
  );
}

/** Mostly valid, sometimes not: deep inputs keep reaching the service with one bad field among good ones. */
export function anyValue(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const target = deref(schema);
  const text = target.type === 'string' && !target.enum && target.format !== 'binary';
  return fc.oneof(
    { weight: 4, arbitrary: validValue(schema, depth) },
    { weight: 1, arbitrary: invalidValue(schema, depth) },
    ...(text ? [{ weight: 1, arbitrary: poisoned(validString(target)) }] : []),
  );
}

/** A query value as text (numbers and booleans as the browser would write them), valid or not. */
export function queryValue(schema: Schema): fc.Arbitrary<string | undefined> {
  const asText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  const valid = validValue(schema).map(asText);
  return fc.option(
    fc.oneof(
      { weight: 4, arbitrary: valid },
      { weight: 1, arbitrary: fc.oneof(hostileText, hostileNumber.map(String)) },
      { weight: 1, arbitrary: poisoned(valid) },
    ),
    {
      nil: undefined,
      freq: 3,
    },
  );
}

/**
 * encodeURIComponent, except that a lone surrogate is sent as the 3 bytes a lax encoder would write (`%ED%A0%80`),
 * which is not valid UTF-8: what a hostile client can put in a URL.
 */
export function encodeComponent(text: string): string {
  let out = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** JSON.stringify that keeps lone surrogates as `\udXXX` escapes (it does since ES2019) and survives `-0`. */
export const toJson = (value: unknown): string => JSON.stringify(value) ?? 'null';
