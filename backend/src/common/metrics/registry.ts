import { collectDefaultMetrics, Registry } from 'prom-client';
import { JOB_RUN_METRICS } from '../../database/jobs/job-runs';

/**
 * The figures of the process, whichever app runs in it (the tests run several in one): the Node runtime's (event-loop
 * lag, memory, CPU, garbage collection: prom-client's default metrics), the requests' (http-metrics.ts) and the
 * background jobs' (database/jobs/job-runs.ts). Each app's `/api/metrics` adds its own (database pool, queues: monitoring/).
 */
export const processRegistry = new Registry();
for (const metric of JOB_RUN_METRICS) processRegistry.registerMetric(metric);

let runtimeMetrics = false;

/**
 * Starts prom-client's default metrics once per process: an event-loop delay histogram (perf_hooks, sampled every
 * 10 ms), garbage-collection durations, and figures read at scrape time. Called when the first app starts.
 */
export function startRuntimeMetrics(): void {
  if (runtimeMetrics) return;
  runtimeMetrics = true;
  collectDefaultMetrics({ register: processRegistry });
}
