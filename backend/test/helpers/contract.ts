import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Response } from 'supertest';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
type OpenApi = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, object> } };

/**
 * openapi.yaml as an object. Parsing its 320 KB of YAML costs about a second of CPU in each test file's fresh module
 * registry (68 files a run); the result is kept as JSON under backend/.cache (gitignored), named by the YAML's hash, and
 * read back in a few milliseconds. Written beside and renamed: two workers writing at once never leave half a file.
 */
function readOpenApi(): OpenApi {
  const text = readFileSync(resolve(__dirname, '../../../openapi.yaml'), 'utf8');
  const cacheDir = resolve(__dirname, '../../.cache');
  const cached = join(cacheDir, `openapi-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8')) as OpenApi;
  // Loaded only on a miss: the module itself is a good part of the cost.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const parsed = (require('yaml') as typeof import('yaml')).parse(text) as OpenApi;
  mkdirSync(cacheDir, { recursive: true });
  const partial = `${cached}.${process.pid}.part`;
  writeFileSync(partial, JSON.stringify(parsed));
  renameSync(partial, cached);
  // The former versions' copies are of no more use.
  for (const file of readdirSync(cacheDir))
    if (/^openapi-[0-9a-f]{16}\.json$/.test(file) && join(cacheDir, file) !== cached) rmSync(join(cacheDir, file), { force: true });
  return parsed;
}
const doc = readOpenApi();
/** OpenAPI 3.0's `nullable: true` becomes JSON Schema's `anyOf [schema, null]`. */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = schema as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, toJsonSchema(v)]));
  return nullable === true ? { anyOf: [converted, { type: 'null' }] } : converted;
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: 'openapi', components: toJsonSchema(doc.components) }, 'openapi');

const templates = Object.keys(doc.paths).map((path) => ({
  path,
  regex: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));
const cache = new Map<string, ValidateFunction>();

const rewriteRefs = (schema: unknown): unknown => JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/'));

/** Keys that must never leave the server, whatever the route. */
const SECRET_KEY = /password|hash/i;
function findSecretKeys(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => findSecretKeys(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    // `errors` maps field names (password, confirmPassword…) to messages: names, not secrets.
    return Object.entries(value)
      .filter(([k]) => !(path === '' && k === 'errors'))
      .flatMap(([k, v]) => [...(SECRET_KEY.test(k) ? [`${path}.${k}`] : []), ...findSecretKeys(v, `${path}.${k}`)]);
  }
  return [];
}

/**
 * Checks an API answer against openapi.yaml: the operation must exist, the status must be documented (or fall under
 * `default` for errors), and a JSON body must match its schema. Also refuses any password or hash field.
 */
export function assertMatchesContract(res: Response): void {
  const req = (res as unknown as { req: { method: string; path: string } }).req;
  const method = req.method.toLowerCase();
  const path = new URL(req.path, 'http://x').pathname;
  if (!path.startsWith('/api/') || path.startsWith('/api/docs')) return;
  const template = templates.find((t) => t.regex.test(path) && doc.paths[t.path][method]);
  if (!template) {
    if (res.status === 404 || res.status === 405) return; // unknown routes are the router's business
    throw new Error(`${method.toUpperCase()} ${path} n'est pas dans openapi.yaml`);
  }
  const operation = doc.paths[template.path][method];
  const response = operation.responses[String(res.status)] ?? (res.status >= 400 ? operation.responses.default : undefined);
  if (!response) throw new Error(`${method.toUpperCase()} ${template.path} : statut ${res.status} non documenté dans openapi.yaml`);
  const leaked = findSecretKeys(res.body);
  if (leaked.length) throw new Error(`${method.toUpperCase()} ${path} expose ${leaked.join(', ')}`);
  const schema = response.content?.['application/json']?.schema;
  if (!schema) {
    if (res.text && res.status !== 204 && res.headers['content-type']?.includes('json')) {
      throw new Error(`${method.toUpperCase()} ${template.path} ${res.status} renvoie du JSON non décrit`);
    }
    return;
  }
  const key = `${method} ${template.path} ${res.status}`;
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile(rewriteRefs(toJsonSchema(schema)) as object);
    cache.set(key, validate);
  }
  if (!validate(res.body)) {
    throw new Error(`${key} ne respecte pas openapi.yaml : ${ajv.errorsText(validate.errors)}\n${JSON.stringify(res.body)}`);
  }
}
