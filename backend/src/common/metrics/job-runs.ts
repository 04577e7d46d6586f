import { Counter, Gauge } from 'prom-client';
import { processRegistry } from './registry';

/** The background loops that report their runs (each one-line `trackJob(…)` around a run). */
export const JOBS = [
  'mail',
  'stripe-events',
  'payment-reminders',
  'draft-purge',
  'duplicate-refunds',
  'invoice-files',
  'data-exports',
  'account-erasure',
  'outbound-webhooks',
] as const;
export type JobName = (typeof JOBS)[number];

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

const runs = new Map<JobName, JobRuns>(
  JOBS.map((job) => [job, { runs: 0, failures: 0, lastSuccessAt: null, lastFailureAt: null, lastError: null }]),
);

/**
 * Reports a run of a background job and hands it back untouched: its success or its failure (the promise rejected) is
 * counted, nothing else changes (the caller still awaits it and handles its error). In memory, per process: a job's
 * runs are this instance's (several instances each report their own; the queues they work on are read from the
 * database, see monitoring/).
 */
export function trackJob<T>(job: JobName, run: Promise<T>): Promise<T> {
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

/** Every job's runs so far in this process, in JOBS order (copies). */
export function jobRuns(): Array<{ job: JobName } & JobRuns> {
  return JOBS.map((job) => ({ job, ...runs.get(job)! }));
}

// Read from the map at scrape time: nothing is done per run beyond the fields above.
new Counter({
  name: 'vitrine_job_runs_total',
  help: 'Runs of each background job finished in this process, successful or not',
  labelNames: ['job'],
  registers: [processRegistry],
  collect() {
    this.reset();
    for (const [job, state] of runs) this.inc({ job }, state.runs);
  },
});
new Counter({
  name: 'vitrine_job_failures_total',
  help: 'Runs of each background job that failed (an error stopped the run) in this process',
  labelNames: ['job'],
  registers: [processRegistry],
  collect() {
    this.reset();
    for (const [job, state] of runs) this.inc({ job }, state.failures);
  },
});
new Gauge({
  name: 'vitrine_job_last_success_timestamp_seconds',
  help: 'When each background job last ran successfully in this process (Unix time); absent until its first success',
  labelNames: ['job'],
  registers: [processRegistry],
  collect() {
    this.reset();
    for (const [job, state] of runs) if (state.lastSuccessAt) this.set({ job }, state.lastSuccessAt.getTime() / 1000);
  },
});
