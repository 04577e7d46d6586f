// The raw baseline of `npm run bench:api`: plain node:http + pg, no framework, doing what the app must do per request
// and nothing more: the same JWT check (HS256, issuer, audience, expiry; jsonwebtoken, as passport-jwt does), the
// same session-and-role check in the database (one indexed query), the same SQL for the route, and a JSON answer of
// the same shape. Started by bench/api/run.ts with DATABASE_URL, JWT_SECRET and PORT.
import { createSecretKey } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import jwt from 'jsonwebtoken';
import pg from 'pg';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c random_page_cost=1.1' });
const secret = createSecretKey(Buffer.from(process.env.JWT_SECRET!)); // as the app: a key object made once
type Row = Record<string, unknown>;
const camel = (row: Row): Row =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()), v]));
const send = (res: ServerResponse, status: number, body: unknown) => {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json) }).end(json);
};

const SESSION_SQL = `SELECT u.id, u.email, u.name, u.role, u.created_at FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL`;
async function signedIn(authorization: string | undefined): Promise<Row | null> {
  try {
    const payload = jwt.verify(authorization?.replace(/^Bearer /, '') ?? '', secret, {
      algorithms: ['HS256'],
      issuer: 'vitrine',
      audience: 'vitrine-api',
    }) as { sub: string; sid: string };
    return (await pool.query(SESSION_SQL, [payload.sid, payload.sub])).rows[0] ?? null;
  } catch {
    return null;
  }
}

/** As the app's invoice lists read the legal documents (backend/src/invoicing/invoicing.repository.ts, ofStripeInvoices). */
const LEGAL_SUMMARY = `l.id, l.kind, l.number, l.issued_at, l.paid_at, l.stripe_invoice_id, l.credited_id, c.number AS credited_number, l.user_id,
  CASE WHEN l.document->'buyer'->>'type' = 'company' AND COALESCE(l.document->'buyer'->>'companyName', '') <> ''
       THEN l.document->'buyer'->>'companyName' ELSE l.document->'buyer'->>'name' END AS buyer_name,
  l.total_excl_cents, l.vat_cents, l.total_incl_cents, l.render_status
  FROM legal_invoices l LEFT JOIN legal_invoices c ON c.id = l.credited_id`;
const SITE_COLUMNS = `s.id, s.user_id, s.site_name, s.domain, s.status, s.type, s.progression, s.status_before_suspension, s.payment_state, s.payment_state_since, s.stripe_subscription_id, s.order_draft_id, s.created_at, s.updated_at`;
const SORT: Record<string, string> = {
  site_name: 's.site_name',
  domain: 's.domain',
  status: 's.status',
  type: 's.type',
  owner_name: 'u.name',
  created_at: 's.created_at',
};
const window = (q: URLSearchParams, size: number) => {
  const limit = Number(q.get('limit') ?? size);
  return [limit, (Number(q.get('page') ?? 1) - 1) * limit];
};

async function route(path: string, q: URLSearchParams, user: Row): Promise<unknown> {
  if (path === '/api/auth/me') return camel(user);
  if (path === '/api/admin/users') {
    if (user.role !== 'admin') return null;
    const [rows, [{ total }]] = await Promise.all([
      pool
        .query(`SELECT id, email, name, role, created_at FROM users ORDER BY created_at DESC, id ASC LIMIT $1 OFFSET $2`, window(q, 10))
        .then((r) => r.rows),
      pool.query(`SELECT COALESCE(sum(n), 0)::int AS total, count(*)::int AS deltas FROM user_counts`).then((r) => r.rows),
    ]);
    return { users: rows.map(camel), total };
  }
  if (path === '/api/admin/sites') {
    if (user.role !== 'admin') return null;
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.get('status')) where.push(`s.status = $${params.push(q.get('status'))}`);
    if (q.get('type')) where.push(`s.type = $${params.push(q.get('type'))}`);
    if (q.get('paymentState') === 'arrears') where.push(`s.payment_state <> 'current'`);
    if (q.get('search')) {
      const p = `$${params.push(`%${q.get('search')!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`;
      where.push(
        `s.id IN (SELECT id FROM sites WHERE site_name ILIKE ${p} OR domain ILIKE ${p} UNION SELECT os.id FROM users ou JOIN sites os ON os.user_id = ou.id WHERE ou.name ILIKE ${p} OR ou.email ILIKE ${p})`,
      );
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = q.get('sortOrder') === 'asc' ? 'ASC' : 'DESC';
    const by = q.get('sortBy') ?? 'created_at';
    const orderSql = `ORDER BY ${SORT[by]} ${order}${by === 'domain' ? ' NULLS LAST' : ''}, s.id ${order}`;
    const [rows, [{ total }]] = await Promise.all([
      pool
        .query(
          `SELECT ${SITE_COLUMNS}, u.name AS owner_name, u.email AS owner_email FROM (SELECT s.id FROM sites s ${by === 'owner_name' ? 'JOIN users u ON u.id = s.user_id' : ''} ${whereSql} ${orderSql} LIMIT $${params.length + 1} OFFSET $${params.length + 2}) page
           JOIN sites s ON s.id = page.id JOIN users u ON u.id = s.user_id ${orderSql}`,
          [...params, ...window(q, 10)],
        )
        .then((r) => r.rows),
      // As the app: without a search, the sum of the deltas that triggers keep in site_counts (aliased s, the filters
      // name s.status and s.type); with one, a count(*) of the matches.
      pool
        .query(
          q.get('search') || q.get('paymentState')
            ? `SELECT count(*)::int AS total FROM sites s ${whereSql}`
            : `SELECT COALESCE(sum(s.n), 0)::int AS total, count(*)::int AS deltas FROM site_counts s ${whereSql}`,
          params,
        )
        .then((r) => r.rows),
    ]);
    return {
      sites: rows.map(({ owner_name, owner_email, ...site }) => ({
        ...camel(site),
        owner: { id: site.user_id, name: owner_name, email: owner_email },
      })),
      total,
    };
  }
  const site = /^\/api\/sites\/([0-9a-f-]{36})$/.exec(path);
  if (site) {
    const [found] = (await pool.query(`SELECT ${SITE_COLUMNS} FROM sites s WHERE s.id = $1 AND s.user_id = $2`, [site[1], user.id])).rows;
    if (!found) return null;
    const history = (
      await pool.query(
        `SELECT from_status, to_status, cause, created_at FROM site_status_history WHERE site_id = $1 ORDER BY created_at DESC, id ASC LIMIT 10`,
        [site[1]],
      )
    ).rows;
    return { ...camel(found), statusHistory: history.map(camel) };
  }
  if (path === '/api/billing/invoices') {
    // As the app: each invoice with the site its subscription pays for, then the sites' names.
    const from = `FROM invoices i LEFT JOIN subscriptions s ON s.id = i.subscription_id WHERE i.user_id = $1 AND i.status <> 'draft'`;
    const [rows, [{ total }]] = await Promise.all([
      pool
        .query(
          `SELECT i.id, i.number, i.date, i.amount_cents, i.currency, i.status, i.description, i.pdf_url, i.hosted_url, i.payment_failed_at, i.refunded_cents, s.site_id ${from} ORDER BY i.date DESC, i.id ASC LIMIT $2 OFFSET $3`,
          [user.id, ...window(q, 20)],
        )
        .then((r) => r.rows),
      pool.query(`SELECT count(*)::int AS total ${from}`, [user.id]).then((r) => r.rows),
    ]);
    // Then, in parallel, the sites' names and the legal documents issued for these invoices (their numbers in the list).
    const siteIds = [...new Set(rows.map((r) => r.site_id).filter(Boolean))];
    const [names, legal] = await Promise.all([
      siteIds.length
        ? pool
            .query(`SELECT id, site_name FROM sites WHERE id = ANY($1::uuid[])`, [siteIds])
            .then((r) => new Map(r.rows.map((n) => [n.id, n.site_name])))
        : new Map(),
      rows.length
        ? pool
            .query(`SELECT ${LEGAL_SUMMARY} WHERE l.stripe_invoice_id = ANY($1) ORDER BY l.issued_at, l.id`, [rows.map((r) => r.id)])
            .then((r) => r.rows)
        : [],
    ]);
    return {
      invoices: rows.map((r) => ({
        ...camel(r),
        siteName: names.get(r.site_id) ?? null,
        legalDocuments: legal.filter((l) => l.stripe_invoice_id === r.id).map((l) => ({ id: l.id, kind: l.kind, number: l.number })),
      })),
      total,
    };
  }
  return null;
}

createServer((req, res) => {
  const url = new URL(req.url!, 'http://raw');
  signedIn(req.headers.authorization)
    .then(async (user) => {
      if (!user) return send(res, 401, { statusCode: 401, message: 'Authentification requise' });
      const body = await route(url.pathname, url.searchParams, user);
      send(res, body ? 200 : 404, body ?? { statusCode: 404, message: 'Introuvable' });
    })
    .catch((error: Error) => send(res, 500, { statusCode: 500, message: error.message }));
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('raw baseline ready'));
