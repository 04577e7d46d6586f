// Preloaded by bench/api/run.ts (NODE_OPTIONS=--import) into the app, the raw baseline and the bare servers. Only in the bench; the app
// itself knows nothing of it. Each answer carries two headers:
// - `X-Sql-Queries`: the SQL queries this request sent through pg (AsyncLocalStorage follows it across awaits);
// - `X-Gc`: the process's garbage collection so far, `<ms paused>;<full collections>` (PerformanceObserver), which the
//   bench reads before and after each run for the time collected per request;
// - `X-Cpu`: the process's CPU time so far (user + system, µs: process.cpuUsage), read the same way for the CPU time
//   per request, which the machine's load moves far less than req/s (a busy machine takes the cores, not the work);
// - `X-Memory`, only when the request asks with `X-Bench-Memory: 1`: process.memoryUsage() in MB (rss, heapTotal,
//   heapUsed, external, arrayBuffers) and the resident size of each V8 heap space of 1 MB or more.
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import { createRequire } from 'node:module';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';

const script = process.argv[1] ?? '';
if (/main\.js$|raw-server\.ts$|bare-servers\.ts$/.test(script)) {
  const requests = new AsyncLocalStorage<{ queries: number }>();
  // The app's own pg (CommonJS, cached): patching its Client patches every pooled connection.
  const pg = createRequire(script)('pg') as { Client: { prototype: { query: (...args: unknown[]) => unknown } } };
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const store = requests.getStore();
    if (store) store.queries++;
    return query.apply(this, args);
  };
  const gc = { ms: 0, full: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.ms += entry.duration;
      if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.full++;
    }
  }).observe({ entryTypes: ['gc'] });
  const emit = http.Server.prototype.emit as (this: http.Server, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event !== 'request') return emit.call(this, event, ...args);
    const store = { queries: 0 };
    const res = args[1] as http.ServerResponse;
    const memory = (args[0] as http.IncomingMessage).headers['x-bench-memory'] === '1';
    const writeHead = res.writeHead;
    res.writeHead = function (this: http.ServerResponse, ...head: unknown[]) {
      if (!this.headersSent) {
        this.setHeader('X-Sql-Queries', String(store.queries));
        this.setHeader('X-Gc', `${gc.ms.toFixed(1)};${gc.full}`);
        const cpu = process.cpuUsage();
        this.setHeader('X-Cpu', String(cpu.user + cpu.system));
        if (memory) {
          const spaces = v8.getHeapSpaceStatistics().filter((s) => s.space_size >= 1048576);
          const mb = [...Object.entries(process.memoryUsage()), ...spaces.map((s) => [s.space_name, s.physical_space_size] as const)].map(
            ([k, v]) => [k, Math.round(v / 1048576)],
          );
          this.setHeader('X-Memory', JSON.stringify(Object.fromEntries(mb)));
        }
      }
      return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, head);
    } as typeof res.writeHead;
    return requests.run(store, () => emit.call(this, event, ...args));
  };
}
