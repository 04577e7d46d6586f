import { SetMetadata } from '@nestjs/common';
import { declareJobRuns } from './job-runs';
import type { AppConfig } from '../../config/app-config';
import type { JobDefinition } from './job-runner';

/** A value known once the configuration is read: given as is, or as a function of the configuration. */
export type FromConfig<V> = V | ((config: AppConfig) => V);

/**
 * A background job as its worker declares it, on the method that is one run (`run` of JobDefinition, given the
 * JobContext). The runner finds every decorated method of every provider at start (JobRunner.onModuleInit) and
 * registers it; the worker reaches its job by name (`runner.job(name)`: drain, wake).
 */
export interface BackgroundJobOptions<W = never, T = unknown> {
  name: string;
  scope: JobDefinition<T>['scope'];
  everyMs: FromConfig<number>;
  firstAfterMs?: number;
  /** false: no timer, the job runs only when drained or woken (default true) */
  timer?: FromConfig<boolean>;
  retryDelayMs?: (failures: number, config: AppConfig) => number;
  combine?(earlier: T, later: T): T;
  /** Its runs counted for the operator (database/jobs/job-runs.ts): listed by GET /api/metrics and the status page */
  metrics?: boolean;
  /** The claims of the run under way extended (an instance job's heartbeat), from the worker's own state */
  renew?(worker: W, leaseSeconds: number): Promise<void>;
  log: JobDefinition<T>['log'];
}

export const BACKGROUND_JOB = 'vitrine:background-job';

/**
 * Declares the method as a background job's run. A job counted in the metrics is known as soon as its class is
 * loaded, so the lists of the metrics, of the status page and of the API's `BackgroundJob` follow the declarations.
 */
export function BackgroundJob<W = never>(options: BackgroundJobOptions<W>): MethodDecorator {
  if (options.metrics) declareJobRuns(options.name);
  return SetMetadata(BACKGROUND_JOB, options);
}

/** The definition the runner registers for a decorated method of `worker`. */
export function definitionOf<T>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the worker's class is the decorator's, not known here
  options: BackgroundJobOptions<any, T>,
  worker: object,
  method: string,
  config: AppConfig,
): JobDefinition<T> {
  const resolve = <V>(value: FromConfig<V>): V => (typeof value === 'function' ? (value as (c: AppConfig) => V)(config) : value);
  const run = (worker as Record<string, (...args: unknown[]) => Promise<T>>)[method].bind(worker);
  const { retryDelayMs, renew } = options;
  return {
    name: options.name,
    scope: options.scope,
    everyMs: resolve(options.everyMs),
    firstAfterMs: options.firstAfterMs,
    timer: resolve(options.timer ?? true),
    retryDelayMs: retryDelayMs && ((failures) => retryDelayMs(failures, config)),
    combine: options.combine && ((earlier, later) => options.combine!(earlier, later)),
    metrics: options.metrics,
    run: (ctx) => run(ctx),
    renew: renew && ((leaseSeconds) => renew(worker, leaseSeconds)),
    log: options.log,
  };
}
