// Two more baselines for `GET /api/auth/me` in `npm run bench:api` (issue 39: what share of the app's gap to the raw
// baseline is the fixed stack's own): the same work as raw-server.ts (the JWT check, the session query, the JSON
// answer), served by a bare Express 5 app (one route, no middleware) or by a bare NestJS app on Express (one controller,
// no guard, interceptor, pipe, filter or middleware). What separates raw from bare Express is Express's own cost; bare
// Express from bare Nest, Nest's; bare Nest from the app, the app's own work per request (guards, passport, headers,
// logs, metrics…). Started by bench/api/run.ts with DATABASE_URL, JWT_SECRET, PORT and BARE=express|nest.
//
// Without decorators (Node runs this file by stripping its types, and decorators are not types): Nest's decorators
// are applied as the functions they are.
import 'reflect-metadata';
import { createSecretKey } from 'node:crypto';
import { Controller, Get, Module, Req } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import express, { type Request } from 'express';
import jwt from 'jsonwebtoken';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c random_page_cost=1.1' });
const secret = createSecretKey(Buffer.from(process.env.JWT_SECRET!));
const SESSION_SQL = `SELECT u.id, u.email, u.name, u.role, u.created_at FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL`;
type Row = Record<string, unknown>;
const camel = (row: Row): Row =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()), v]));

/** The route's work, as raw-server.ts does it: null when the caller is not signed in. */
async function me(authorization: string | undefined): Promise<Row | null> {
  try {
    const payload = jwt.verify(authorization?.replace(/^Bearer /, '') ?? '', secret, {
      algorithms: ['HS256'],
      issuer: 'vitrine',
      audience: 'vitrine-api',
    }) as { sub: string; sid: string };
    const row = (await pool.query(SESSION_SQL, [payload.sid, payload.sub])).rows[0] as Row | undefined;
    return row ? camel(row) : null;
  } catch {
    return null;
  }
}

const port = Number(process.env.PORT);
if (process.env.BARE === 'nest') {
  class MeController {
    async me(req: Request): Promise<Row> {
      const user = await me(req.headers.authorization);
      if (!user) throw Object.assign(new Error('Authentification requise'), { status: 401 });
      return user;
    }
  }
  Controller('api/auth')(MeController);
  const method = Object.getOwnPropertyDescriptor(MeController.prototype, 'me')!;
  Req()(MeController.prototype, 'me', 0);
  Get('me')(MeController.prototype, 'me', method);
  class BareModule {}
  Module({ controllers: [MeController] })(BareModule);
  const app = await NestFactory.create(BareModule, { logger: false, bodyParser: false });
  app.getHttpAdapter().getInstance().set('etag', false);
  await app.listen(port, '127.0.0.1');
} else {
  const app = express();
  app.set('etag', false);
  app.disable('x-powered-by');
  app.get('/api/auth/me', (req, res, next) => {
    me(req.headers.authorization).then(
      (user) => (user ? res.json(user) : res.status(401).json({ message: 'Authentification requise' })),
      next,
    );
  });
  await new Promise<void>((resolve) => app.listen(port, '127.0.0.1', () => resolve()));
}
process.once('SIGTERM', () => process.exit(0));
process.stdout.write(`listening ${port}\n`);
