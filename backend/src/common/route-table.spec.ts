import express, { type NextFunction, type Request, type Response } from 'express';
import request from 'supertest';
import { fileApiRoutes } from './route-table';

/** An app shaped like ours: middlewares, a run of API routes over a few segments, a route outside the run, a 404. */
function app(filed: boolean): express.Express {
  const a = express();
  a.set('etag', false);
  a.use((req: Request, res: Response, next: NextFunction) => {
    res.setHeader('X-Before', '1');
    next();
  });
  const answer = (name: string) => (req: Request, res: Response) =>
    res.json({ name, params: req.params, route: (req.route as { path: string }).path });
  a.get('/api/health', answer('health'));
  a.post('/api/auth/login', answer('login'));
  a.get('/api/auth/me', answer('me'));
  a.patch('/api/auth/me', answer('rename'));
  a.get('/api/sites', answer('sites'));
  a.get('/api/sites/:id', answer('site'));
  a.get('/api/sites/:id/audience.csv', answer('audience'));
  a.get('/api/admin/sites/:id', answer('admin site'));
  a.get('/api/admin/fails', (_req: Request, _res: Response, next: NextFunction) => next(new Error('boom')));
  a.get('/api/admin/next', (_req: Request, _res: Response, next: NextFunction) => next());
  a.get('/api/a/p.gif', answer('pixel'));
  // Ends the run: a pattern whose first segment is a parameter stays where it is, between two runs.
  a.get('/api/:anything/echo', answer('echo'));
  a.get('/api/admin/after', answer('after the parameter'));
  a.get('/api/admin/next', answer('second of two'));
  a.use((req: Request, res: Response) => res.status(404).json({ notFound: req.path }));
  a.use((err: Error, _req: Request, res: Response, _next: NextFunction) => res.status(500).json({ error: err.message }));
  if (filed) fileApiRoutes(a);
  return a;
}

const REQUESTS: Array<[method: 'get' | 'post' | 'patch' | 'head' | 'delete', path: string]> = [
  ['get', '/api/health'],
  ['get', '/api/auth/me'],
  ['patch', '/api/auth/me'],
  ['delete', '/api/auth/me'],
  ['post', '/api/auth/login'],
  ['get', '/API/Auth/ME'],
  ['get', '/api/auth/me/'],
  ['get', '/api/auth/me?x=1'],
  ['get', '/api/auth'],
  ['get', '/api/sites'],
  ['get', '/api/sites/42'],
  ['get', '/api/sites/a%20b'],
  ['get', '/api/sites/42/audience.csv'],
  ['head', '/api/sites/42'],
  ['get', '/api/%61uth/me'],
  ['get', '/api//auth/me'],
  ['get', '/api/admin/sites/7'],
  ['get', '/api/admin/fails'],
  ['get', '/api/admin/next'],
  ['get', '/api/admin/after'],
  ['get', '/api/nothing/echo'],
  ['get', '/api/auth/echo'],
  ['get', '/api/a/p.gif'],
  ['get', '/api'],
  ['get', '/api/'],
  ['get', '/apiauth/me'],
  ['get', '/auth/me'],
  ['get', '/'],
];

describe('fileApiRoutes', () => {
  // Every layer's pattern match, counted on the one prototype of the router's layers (the filed routes' too).
  const layer = Object.getPrototypeOf((app(false) as unknown as { router: { stack: object[] } }).router.stack[0]) as {
    match: (p: string) => unknown;
  };
  const match = layer.match;
  let matches = 0;
  beforeAll(() => {
    layer.match = function (this: unknown, p: string) {
      matches++;
      return match.call(this, p);
    };
  });
  afterAll(() => {
    layer.match = match;
  });

  it.each(REQUESTS)('answers %s %s as the same app with its routes in one run', async (method, path) => {
    const before = await request(app(false))[method](path);
    const after = await request(app(true))[method](path);
    expect({ status: after.status, body: after.body, before: after.headers['x-before'] }).toEqual({
      status: before.status,
      body: before.body,
      before: before.headers['x-before'],
    });
  });

  it("matches a request against its segment's routes only", async () => {
    const [plain, filed] = [app(false), app(true)];
    matches = 0;
    await request(plain).get('/api/admin/sites/7').expect(200);
    // The middleware, then the seven routes before it and its own.
    expect(matches).toBe(9);
    matches = 0;
    await request(filed).get('/api/admin/sites/7').expect(200);
    // The middleware, the run's one layer, then the admin segment's first route: its own.
    expect(matches).toBe(3);
  });

  it('leaves a route that is alone in its run, and the middlewares, where they were', () => {
    const stack = (app(true) as unknown as { router: { stack: Array<{ route?: { path: string }; name: string }> } }).router.stack;
    expect(stack.map((layer) => layer.route?.path ?? layer.name)).toEqual([
      expect.any(String),
      'fileByFirstSegment',
      '/api/:anything/echo',
      'fileByFirstSegment',
      expect.any(String),
      expect.any(String),
    ]);
  });
});
