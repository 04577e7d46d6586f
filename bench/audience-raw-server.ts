// The raw baseline of `npm run bench:audience`: plain node:http + pg, no framework, doing what the app's
// `POST /api/a/e` must do per event and nothing more: the body read (2 KB at most), the privacy signals and robots,
// the event checked, its site known by its key (cached) and its origin the site's own, the same per-source and per-site
// windows, the visitor hash with the day's salt, and the event queued for the same batches (every second or 500
// events, one write at a time) written by the very INSERT the app sends. The app's own functions (backend/dist, built)
// do the checking and hashing, so that the ratio is the framework's cost. Started by bench/audience.ts with
// DATABASE_URL and PORT.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';

/** The app's functions this baseline calls, from its build (backend/dist, CommonJS without declarations). */
type Stored = Record<string, unknown> & { siteId: string; day: string; receivedAt: Date };
interface AppIngest {
  ignoredRequest(headers: IncomingMessage['headers']): string | null;
  parseEvent(text: unknown): { k: string; u: string };
  isOwnOrigin(origin: string | undefined, domain: string): boolean;
  parisDay(at: Date): string;
  visitorHash(salt: Buffer, siteId: string, ip: string, userAgent: string): Buffer;
  storedEvent(
    sent: unknown,
    site: { id: string; domain: string },
    day: string,
    visitor: Buffer,
    headers: { userAgent: string; acceptLanguage?: string },
  ): Record<string, unknown> & { siteId: string; day: string };
}
interface AppEventInsert {
  INSERT_EVENTS_SQL: string;
  insertEventsParams(events: Stored[]): unknown[];
}
const dist = '../backend/dist/audience/';
const { ignoredRequest, isOwnOrigin, parisDay, parseEvent, storedEvent, visitorHash } = (await import(`${dist}ingest.js`)) as AppIngest;
const { INSERT_EVENTS_SQL, insertEventsParams } = (await import(`${dist}event-insert.js`)) as AppEventInsert;
const FLUSH_EVERY_MS = 1000;
const FLUSH_AT_EVENTS = 500;
const MAX_PENDING = 20_000;
const MAX_BODY = 2048;

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const sites = new Map<string, { site: { id: string; domain: string | null } | null; until: number }>();
const windows = new Map<string, { start: number; hits: number }>();
let salt: { day: string; salt: Buffer } | null = null;
const pending: Stored[] = [];
let writing: Promise<void> = Promise.resolve();

let sweptAt = -Infinity;
function over(key: string, limit: number, windowMs: number, now: number): boolean {
  let entry = windows.get(key);
  if (!entry || now - entry.start >= windowMs) {
    if (windows.size >= 100_000 && now - sweptAt >= 1000) {
      sweptAt = now;
      for (const [k, e] of windows) if (now - e.start >= windowMs) windows.delete(k);
    }
    entry = { start: now, hits: 0 };
    windows.set(key, entry);
  }
  entry.hits += 1;
  return entry.hits > limit;
}

async function siteOf(key: string) {
  const now = Date.now();
  let cached = sites.get(key);
  if (!cached || cached.until < now) {
    const { rows } = await pool.query(
      `SELECT s.id, s.domain FROM audience_sites a JOIN sites s ON s.id = a.site_id WHERE a.site_key = $1`,
      [key],
    );
    cached = { site: rows[0] ?? null, until: now + 60_000 };
    sites.set(key, cached);
  }
  return cached.site;
}

async function saltOf(day: string): Promise<Buffer> {
  if (salt?.day !== day) {
    const { rows } = await pool.query(
      `WITH made AS (INSERT INTO audience_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING RETURNING salt)
       SELECT salt FROM made UNION ALL SELECT salt FROM audience_salts WHERE day = $1 LIMIT 1`,
      [day, randomBytes(32)],
    );
    salt = { day, salt: rows[0].salt };
  }
  return salt.salt;
}

function flush(): Promise<void> {
  writing = writing
    .then(async () => {
      while (pending.length) {
        const batch = pending.splice(0, FLUSH_AT_EVENTS);
        try {
          await pool.query(INSERT_EVENTS_SQL, insertEventsParams(batch));
        } catch (error) {
          pending.unshift(...batch);
          throw error;
        }
      }
    })
    .catch(() => undefined);
  return writing;
}
setInterval(() => void flush(), FLUSH_EVERY_MS);

const answer = (res: ServerResponse, status: number, headers: Record<string, string> = {}, body = ''): void =>
  void res
    .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), ...headers })
    .end(body);
const refuse = (res: ServerResponse, status: number, message: string): void =>
  answer(res, status, {}, JSON.stringify({ statusCode: status, message }));

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY ? null : Buffer.concat(chunks).toString('utf8')));
  });
}

async function event(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const text = await readBody(req);
  if (text === null) return refuse(res, 413, 'Événement trop volumineux');
  const cors = { 'Cross-Origin-Resource-Policy': 'cross-origin' };
  if (ignoredRequest(req.headers) !== null) return answer(res, 202, cors);
  let sent;
  try {
    sent = parseEvent(text);
  } catch {
    return refuse(res, 400, 'Événement illisible');
  }
  const site = await siteOf(sent.k);
  if (!site?.domain) return refuse(res, 404, 'Clé de site inconnue');
  const origin = req.headers.origin;
  if (!isOwnOrigin(origin, site.domain) || !isOwnOrigin(sent.u, site.domain)) return refuse(res, 403, 'Origine non autorisée pour ce site');
  const at = new Date();
  // As the app behind a local proxy ('trust proxy' loopback): the first address of X-Forwarded-For.
  const ip = String(req.headers['x-forwarded-for'] ?? req.socket.remoteAddress)
    .split(',')[0]
    .trim();
  const ms = at.getTime();
  if (over(`${site.id}:${ip}`, 120, 60_000, ms) || over(site.id, 1000, 1000, ms) || pending.length >= MAX_PENDING)
    return refuse(res, 429, 'Trop d’événements pour ce site, réessayez plus tard');
  const day = parisDay(at);
  const userAgent = String(req.headers['user-agent'] ?? '');
  const visitor = visitorHash(await saltOf(day), site.id, ip, userAgent);
  const acceptLanguage = req.headers['accept-language'];
  pending.push({
    ...storedEvent(sent, site as { id: string; domain: string }, day, visitor, { userAgent, acceptLanguage }),
    receivedAt: at,
  });
  if (pending.length >= FLUSH_AT_EVENTS) void flush();
  answer(res, 202, { ...cors, 'Access-Control-Allow-Origin': origin!, Vary: 'Origin' });
}

createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/api/a/e') event(req, res).catch((error: Error) => refuse(res, 500, error.message));
  else if (req.method === 'POST' && req.url === '/flush') flush().then(() => answer(res, 204));
  else refuse(res, 404, 'Introuvable');
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('raw audience baseline ready'));
process.on('SIGTERM', () => void flush().then(() => process.exit(0)));
