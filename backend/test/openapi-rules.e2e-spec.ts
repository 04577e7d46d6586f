import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';

/**
 * What openapi.yaml promises about requests, so a generated client and the fuzz tier (contract-fuzz.e2e-spec.ts) can
 * trust it: bodies are closed (the validation pipe refuses unknown fields), every text is bounded, and the 401 / 403 /
 * 429 answers are listed where the guard or a rate limit gives them.
 */
type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
};
interface Operation {
  operationId: string;
  security?: unknown[];
  tags?: string[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  parameters?: Array<{ in: string; name: string; schema: Schema }>;
  responses: Record<string, { headers?: Record<string, unknown> }>;
}
const doc = parse(readFileSync(resolve(__dirname, '../../openapi.yaml'), 'utf8')) as {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ path, method, op })),
);
const resolveRef = (schema: Schema): Schema => (schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!] : schema);

/** Every defect of a request schema: `Dto.field: reason`. */
function requestSchemaDefects(schema: Schema, where: string, seen = new Set<Schema>()): string[] {
  const target = resolveRef(schema);
  const name = schema.$ref ? schema.$ref.split('/').pop()! : where;
  if (seen.has(target)) return [];
  seen.add(target);
  if (target.allOf) return target.allOf.flatMap((s) => requestSchemaDefects(s, where, seen));
  if (target.type === 'array')
    return [
      ...(target.maxItems === undefined ? [`${where}: array without maxItems`] : []),
      ...requestSchemaDefects(target.items!, `${where}[]`, seen),
    ];
  if (target.type === 'string')
    return target.maxLength === undefined && !target.enum && target.format !== 'binary' ? [`${where}: string without maxLength`] : [];
  if (target.type === 'object' || target.properties) {
    return [
      ...(target.additionalProperties === false ? [] : [`${name}: additionalProperties is not false`]),
      ...Object.entries(target.properties ?? {}).flatMap(([key, property]) => requestSchemaDefects(property, `${name}.${key}`, seen)),
    ];
  }
  return [];
}

describe('openapi.yaml: the request contract', () => {
  it('has request bodies on the routes that take one (the checks below are not vacuous)', () => {
    expect(operations.filter(({ op }) => op.requestBody).length).toBeGreaterThanOrEqual(18);
  });

  it('closes every request body schema (additionalProperties: false, nested DTOs included) and bounds every text and list', () => {
    const defects = operations.flatMap(({ path, method, op }) =>
      Object.values(op.requestBody?.content ?? {}).flatMap(({ schema }) => requestSchemaDefects(schema, `${method.toUpperCase()} ${path}`)),
    );
    expect([...new Set(defects)]).toEqual([]);
  });

  it('bounds every text of a query string', () => {
    const unbounded = operations.flatMap(({ path, op }) =>
      (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .filter((p) => requestSchemaDefects(p.schema, `${op.operationId}?${p.name}`).length)
        .map((p) => `${path}?${p.name}`),
    );
    expect(unbounded).toEqual([]);
  });

  it('documents 401 on every route that needs a token and 403 on every admin route', () => {
    const protectedOps = operations.filter(({ op }) => !(Array.isArray(op.security) && op.security.length === 0));
    expect(protectedOps.length).toBeGreaterThan(25);
    expect(protectedOps.filter(({ op }) => !op.responses['401']).map(({ op }) => op.operationId)).toEqual([]);
    const adminOps = operations.filter(({ path }) => path.startsWith('/api/admin/'));
    expect(adminOps.filter(({ op }) => !op.responses['403']).map(({ op }) => op.operationId)).toEqual([]);
  });

  it('documents 429 on the rate-limited routes and 401 on the public routes that refuse credentials', () => {
    const byId = new Map(operations.map(({ op }) => [op.operationId, op]));
    for (const id of [
      'login',
      'register',
      'forgotPassword',
      'createQuote',
      'createOrderDraft',
      'createCheckoutSession',
      'sendSupportMessage',
      'requestDataExport',
    ])
      expect([id, Boolean(byId.get(id)?.responses['429'])]).toEqual([id, true]);
    for (const id of ['login', 'refresh']) expect([id, Boolean(byId.get(id)?.responses['401'])]).toEqual([id, true]);
  });

  it('declares its server, a 500 on every operation, and UUID path ids where the server only takes UUIDs', () => {
    expect(doc.servers?.map((s) => s.url)).toEqual(['/']);
    expect(operations.filter(({ op }) => !op.responses['500']).map(({ path, method }) => `${method} ${path}`)).toEqual([]);
    const ids = operations.flatMap(({ path, method, op }) =>
      (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => ({ at: `${method} ${path} {${p.name}}`, format: p.schema.format })),
    );
    // A checkout session's id (cs_…) and an invoice's (in_…) are Stripe's; every other path id is one of ours.
    expect(ids.filter((p) => p.format !== 'uuid').map((p) => p.at)).toEqual([
      'get /api/checkout-sessions/{id} {id}',
      'get /api/sites/{id}/subscription/checkout-sessions/{sessionId} {sessionId}',
      'get /api/sites/{id}/subscription/invoices/{invoiceId}/payment {invoiceId}',
    ]);
  });

  it('says the rate-limit headers on the limited routes, and Retry-After on every 429', () => {
    const limited = operations.filter(({ op }) => op.responses['429']);
    for (const { op, path } of limited)
      expect([path, Object.keys(op.responses['429'].headers ?? {})]).toEqual([path, expect.arrayContaining(['Retry-After'])]);
    const withHeaders = limited.filter(({ op }) =>
      Object.entries(op.responses).some(([s, r]) => s.startsWith('2') && r.headers?.['RateLimit-Remaining']),
    );
    expect(withHeaders.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([
      'post /api/auth/forgot-password',
      'post /api/auth/register',
      'post /api/checkout-sessions',
      'post /api/order-drafts',
      'post /api/privacy/exports',
      'post /api/quotes',
      'post /api/support/messages',
    ]);
  });
});
