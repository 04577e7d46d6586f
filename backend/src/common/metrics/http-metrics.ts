import { Counter, Histogram } from 'prom-client';
import { processRegistry } from './registry';

/** The `route` of a request no route took: the frontend's pages and files, an unknown address. */
export const UNMATCHED_ROUTE = 'unmatched';

const durations = new Histogram({
  name: 'vitrine_http_request_duration_seconds',
  help: 'Time from a request to its answer (or the client leaving), by method, route pattern and status',
  labelNames: ['method', 'route', 'status'],
  registers: [processRegistry],
});

/** One (route, method, status): its histogram child, made once, and its request count. */
interface Series {
  readonly labels: { method: string; route: string; status: string };
  readonly duration: { observe(seconds: number): void };
  count: number;
}

/** route pattern → method → status → series: found without building a key or a label object per request. */
const series = new Map<string, Map<string, Map<number, Series>>>();

new Counter({
  name: 'vitrine_http_requests_total',
  help: 'Requests answered (or left by their client), by method, route pattern and status',
  labelNames: ['method', 'route', 'status'],
  registers: [processRegistry],
  // Counted per request in `Series.count` (an addition); handed to prom-client at scrape time only.
  collect() {
    this.reset();
    for (const methods of series.values())
      for (const statuses of methods.values()) for (const s of statuses.values()) this.inc(s.labels, s.count);
  },
});

function newSeries(method: string, route: string, status: number): Series {
  const labels = { method, route, status: String(status) };
  return { labels, duration: durations.labels(labels), count: 0 };
}

/** What of a request the figures read (an Express request once routed). */
export interface RoutedRequest {
  method?: string;
  route?: { path?: unknown };
  baseUrl?: string;
}

/**
 * Counts a request and its duration under its route's pattern (`/api/sites/:id`, never the URL: ids and query strings
 * would make a series per request), its method and status. Called once per request by the request logger
 * (common/logging/http-logger.ts), on the request's path: three map lookups, an addition and prom-client's
 * histogram `observe`; a series' labels and histogram child are made the first time it is seen.
 */
export function recordRequest(req: RoutedRequest, status: number, durationMs: number): void {
  const pattern = req.route?.path;
  const route = typeof pattern === 'string' ? (req.baseUrl ? req.baseUrl + pattern : pattern) : UNMATCHED_ROUTE;
  const method = req.method ?? 'GET';
  let methods = series.get(route);
  if (!methods) series.set(route, (methods = new Map()));
  let statuses = methods.get(method);
  if (!statuses) methods.set(method, (statuses = new Map()));
  let s = statuses.get(status);
  if (!s) statuses.set(status, (s = newSeries(method, route, status)));
  s.count += 1;
  s.duration.observe(durationMs / 1000);
}
