import { declareJobRuns, jobRuns, trackJob } from './job-runs';
import { processRegistry } from '../../common/metrics/registry';

const runsOf = (job: string) => jobRuns().find((r) => r.job === job)!;

describe('trackJob', () => {
  // As the jobs' classes declare them (`@BackgroundJob({ metrics: true })`).
  beforeAll(() => ['mail', 'payment-reminders', 'draft-purge', 'invoice-files'].forEach(declareJobRuns));

  it('hands the run back untouched and counts its success', async () => {
    await expect(trackJob('draft-purge', Promise.resolve(3))).resolves.toBe(3);
    expect(runsOf('draft-purge')).toMatchObject({ runs: 1, failures: 0, lastError: null, lastFailureAt: null });
    expect(runsOf('draft-purge').lastSuccessAt).toBeInstanceOf(Date);
  });

  it('counts a failure with its message, lets the caller see the same rejection, and forgets the message after a success', async () => {
    const error = new Error('Connection terminated unexpectedly');
    await expect(trackJob('invoice-files', Promise.reject(error))).rejects.toBe(error);
    await Promise.resolve();
    expect(runsOf('invoice-files')).toMatchObject({
      runs: 1,
      failures: 1,
      lastSuccessAt: null,
      lastError: 'Connection terminated unexpectedly',
    });
    const failedAt = runsOf('invoice-files').lastFailureAt;
    expect(failedAt).toBeInstanceOf(Date);

    await trackJob('invoice-files', Promise.resolve());
    expect(runsOf('invoice-files')).toMatchObject({ runs: 2, failures: 1, lastError: null, lastFailureAt: failedAt });
  });

  it('gives Prometheus every job, its runs and failures, and the last success of those that had one', async () => {
    await trackJob('mail', Promise.reject(new Error('x'))).catch(() => undefined);
    const text = await processRegistry.metrics();
    expect(text).toContain('vitrine_job_runs_total{job="draft-purge"} 1');
    expect(text).toContain('vitrine_job_failures_total{job="mail"} 1');
    expect(text).toContain('vitrine_job_failures_total{job="payment-reminders"} 0');
    expect(text).toMatch(/vitrine_job_last_success_timestamp_seconds\{job="draft-purge"\} \d+\.?\d*/);
    expect(text).not.toContain('vitrine_job_last_success_timestamp_seconds{job="mail"}');
  });
});
