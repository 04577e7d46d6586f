import { Counter, Gauge } from 'prom-client';

/** What this process saw of one job since it started. */
export interface JobRuns {
  /** Runs finished, successful or not */
  runs: number;
  failures: number;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  /** The last failure's message (cut at 300 characters); null once a run succeeds after it */
  lastError: string | null;
}

/**
 * The jobs whose runs are counted (`metrics: true` of a job's `@BackgroundJob`, known when its class is loaded, or of a
 * job registered with the runner): the metrics and the status page list these, by name.
 */
const runs = new Map<string, JobRuns>();

/**
 * The names of the jobs counted, by name (not by the order in which their classes happen to load): one array that
 * grows as they are declared, so that the API's `BackgroundJob` enum (monitoring/dto), read when the OpenAPI document
 * is built, holds every job of the app.
 */
export const COUNTED_JOBS: readonly string[] = [];

/** Counts this job's runs from now on (nothing if it already is). */
export function declareJobRuns(job: string): void {
  if (runs.has(job)) return;
  runs.set(job, { runs: 0, failures: 0, lastSuccessAt: null, lastFailureAt: null, lastError: null });
  (COUNTED_JOBS as string[]).push(job);
  (COUNTED_JOBS as string[]).sort();
}

/**
 * Reports a run of a background job and hands it back untouched: its success or its failure (the promise rejected) is
 * counted, nothing else changes (the caller still awaits it and handles its error). In memory, per process: a job's
 * runs are this instance's (several instances each report their own; the queues they work on are read from the
 * database, see monitoring/).
 */
export function trackJob<T>(job: string, run: Promise<T>): Promise<T> {
  declareJobRuns(job);
  const state = runs.get(job)!;
  run.then(
    () => {
      state.runs += 1;
      state.lastSuccessAt = new Date();
      state.lastError = null;
    },
    (error: unknown) => {
      state.runs += 1;
      state.failures += 1;
      state.lastFailureAt = new Date();
      state.lastError = ((error as Error | undefined)?.message || String(error)).slice(0, 300);
    },
  );
  return run;
}

/** The counted jobs and their runs, by job name. */
const byName = (): Array<[string, JobRuns]> => COUNTED_JOBS.map((job) => [job, runs.get(job)!]);

/** Every counted job's runs so far in this process, by job name (copies). */
export function jobRuns(): Array<{ job: string } & JobRuns> {
  return COUNTED_JOBS.map((job) => ({ job, ...runs.get(job)! }));
}

// Read from the map at scrape time: nothing is done per run beyond the fields above. Registered in the process's
// registry by common/metrics/registry.ts (the infrastructure's layers: common imports database, not the reverse).
const runsTotal = new Counter({
  name: 'vitrine_job_runs_total',
  help: 'Runs of each background job finished in this process, successful or not',
  labelNames: ['job'],
  registers: [],
  collect() {
    this.reset();
    for (const [job, state] of byName()) this.inc({ job }, state.runs);
  },
});
const failuresTotal = new Counter({
  name: 'vitrine_job_failures_total',
  help: 'Runs of each background job that failed (an error stopped the run) in this process',
  labelNames: ['job'],
  registers: [],
  collect() {
    this.reset();
    for (const [job, state] of byName()) this.inc({ job }, state.failures);
  },
});
const lastSuccess = new Gauge({
  name: 'vitrine_job_last_success_timestamp_seconds',
  help: 'When each background job last ran successfully in this process (Unix time); absent until its first success',
  labelNames: ['job'],
  registers: [],
  collect() {
    this.reset();
    for (const [job, state] of byName()) if (state.lastSuccessAt) this.set({ job }, state.lastSuccessAt.getTime() / 1000);
  },
});

/** The background jobs' metrics, for the process's registry. */
export const JOB_RUN_METRICS = [runsTotal, failuresTotal, lastSuccess];
