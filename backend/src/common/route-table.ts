import type { NextFunction, Request, Response } from 'express';
import express from 'express';

/**
 * What of Express's router (the `router` package of Express 5) this file reads: its stack of layers, each a
 * middleware or, with `route`, a route.
 */
interface Layer {
  route?: unknown;
  /** The path the layer was made with: a route's pattern (`/api/sites/:id`). */
  rawPath?: unknown;
  handle: (req: Request, res: Response, next: NextFunction) => void;
  match(path: string): unknown;
}
type Router = ((req: Request, res: Response, next: NextFunction) => void) & { stack: Layer[] };

/** Where a run's layer keeps the routes it files. */
const FILED_ROUTES = Symbol('filedRoutes');
type FiledDispatch = Layer['handle'] & { [FILED_ROUTES]?: Layer[] };

/** Every route layer of the app in the order they were registered, the filed ones included (for the tests' route lists). */
export function routeLayers<R>(app: express.Express): Array<Layer & { route: R }> {
  const root = (app as unknown as { router: Router }).router;
  return root.stack.flatMap((layer) => (layer.handle as FiledDispatch)[FILED_ROUTES] ?? (layer.route ? [layer] : [])) as Array<
    Layer & { route: R }
  >;
}

/** A route pattern this file can file under its first segment: `/api/<literal>` and what follows. */
const FILED = /^\/api\/([a-z0-9._-]+)(?:\/|$)/;
/** The first segment of a request's path under `/api/`, as Express compares routes: without regard to case. */
const FIRST_SEGMENT = /^\/api\/([^/]*)/i;

/**
 * Files the API's routes by their first segment under `/api/` (`auth`, `admin`, `sites`…), so that a request walks
 * only the routes of its segment instead of every route before its own.
 *
 * Express's router tries a request against each layer of its stack in turn, a pattern match per layer: with the API's
 * 108 routes in one run, `GET /api/auth/me` was matched against 31 routes before its own and `GET /api/admin/sites`
 * against 94, on every request (bench:api, docs/performance.md). Each run of consecutive routes whose patterns all
 * start with `/api/<literal>/` becomes one layer, at the run's place, that hands the request to the routes of its
 * segment, kept in their order in a router of their own (the very layers Nest made: same patterns, handlers, params
 * and `req.route`). A route of one segment can never match a path of another, so the order between segments did not
 * matter; a request under no segment of the run (another address, an unknown segment, a pending error) goes on to
 * what follows the run, as it would have after failing every route of it. A route whose pattern starts otherwise
 * (`/api/:param`, a path outside the API) ends a run and stays where it is.
 *
 * Called once, after the app's init (main.ts, the tests' app): Nest registers its routes during the init.
 */
export function fileApiRoutes(app: express.Express): void {
  const root = (app as unknown as { router: Router }).router;
  const stack: Layer[] = [];
  let run: Layer[] = [];
  const endRun = () => {
    if (run.length > 1) stack.push(segmentLayer(run, root));
    else stack.push(...run);
    run = [];
  };
  for (const layer of root.stack) {
    if (layer.route && typeof layer.rawPath === 'string' && FILED.test(layer.rawPath)) {
      run.push(layer);
      continue;
    }
    endRun();
    stack.push(layer);
  }
  endRun();
  root.stack.splice(0, root.stack.length, ...stack);
}

/** One layer for a run of routes: a middleware on every path that dispatches by the first segment. */
function segmentLayer(routes: Layer[], root: Router): Layer {
  const bySegment = new Map<string, Router>();
  for (const route of routes) {
    const segment = FILED.exec(route.rawPath as string)![1];
    let router = bySegment.get(segment);
    if (!router) bySegment.set(segment, (router = express.Router() as unknown as Router));
    router.stack.push(route);
  }
  const dispatch = function fileByFirstSegment(req: Request, res: Response, next: NextFunction): void {
    let path: string;
    try {
      // Express's req.path: parseurl's pathname, the very one the router matches layers against (and caches).
      path = req.path;
    } catch {
      return next();
    }
    const segment = FIRST_SEGMENT.exec(path)?.[1];
    const router = segment === undefined ? undefined : bySegment.get(segment.toLowerCase());
    if (!router) return next();
    router(req, res, next);
  };
  // Its routes stay readable (routeLayers), in their order.
  (dispatch as FiledDispatch)[FILED_ROUTES] = routes;
  // A middleware layer on `/` (any path), made as Express makes them, then taken from the end of the stack.
  const before = root.stack.length;
  (root as unknown as { use(fn: typeof dispatch): void }).use(dispatch);
  const [layer] = root.stack.splice(before, 1);
  return layer;
}
