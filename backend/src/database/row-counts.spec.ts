import { DiscoveryService, MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { Logger } from '@nestjs/common';
import { newTestService } from '../../test/unit/new-test-service';
import { automock } from '../../test/unit/new-test-service';
import type { AppConfig } from '../config/app-config';
import { JobLeases } from './jobs/job-leases';
import { JobRunner } from './jobs/job-runner';
import { ROLL_UP_AFTER_DELTAS, ROLL_UP_EVERY_MS, RowCountRollUps, rollUpStatement } from './row-counts';

const config = (nodeEnv: AppConfig['nodeEnv']) => ({ nodeEnv, jobs: { leaseSeconds: 60 }, shutdown: { timeoutMs: 10_000 } }) as AppConfig;
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A roll-up that finishes when the test says so. */
function controlled() {
  const releases: Array<(error?: Error) => void> = [];
  const run = jest.fn(
    () =>
      new Promise<boolean>((resolve, reject) => {
        releases.push((error) => (error ? reject(error) : resolve(true)));
      }),
  );
  return { run, release: (error?: Error) => releases.shift()!(error) };
}

/** The roll-ups on the jobs' engine (their jobs run on every instance: no lease row, no database). */
function rollUps(nodeEnv: AppConfig['nodeEnv'] = 'production') {
  const runner = new JobRunner(
    automock<JobLeases>() as unknown as JobLeases,
    config(nodeEnv),
    new DiscoveryService(new ModulesContainer()),
    new MetadataScanner(),
    new Reflector(),
  );
  const sut = newTestService(RowCountRollUps, [
    [JobRunner, runner],
    [1, config(nodeEnv)],
  ]).sut;
  return Object.assign(sut, {
    onApplicationBootstrap: () => runner.onApplicationBootstrap(),
    beforeApplicationShutdown: () => runner.beforeApplicationShutdown(),
  });
}

describe('RowCountRollUps', () => {
  afterEach(() => jest.useRealTimers());

  it('runs one roll-up of a table at a time: a second call joins the one under way, which then runs once more; a later one runs again', async () => {
    const sut = rollUps();
    const sites = controlled();
    const rollUp = sut.register('site_counts', sites.run);
    const first = rollUp.now();
    const second = rollUp.now();
    expect(sites.run).toHaveBeenCalledTimes(1);
    sites.release();
    await tick();
    // Once more for the second call, which may have come after the deltas the first run summed.
    expect(sites.run).toHaveBeenCalledTimes(2);
    sites.release();
    await Promise.all([first, second]);
    const third = rollUp.now();
    expect(sites.run).toHaveBeenCalledTimes(3);
    sites.release();
    await third;
  });

  it('rolls up after a read only past the threshold, in the background, logging a failure instead of throwing it', async () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      const sut = rollUps();
      const users = controlled();
      const rollUp = sut.register('user_counts', users.run);
      rollUp.afterRead(ROLL_UP_AFTER_DELTAS);
      expect(users.run).not.toHaveBeenCalled();
      rollUp.afterRead(ROLL_UP_AFTER_DELTAS + 1);
      rollUp.afterRead(ROLL_UP_AFTER_DELTAS + 500);
      expect(users.run).toHaveBeenCalledTimes(1);
      users.release(new Error('connexion perdue'));
      await tick();
      expect(error).toHaveBeenCalledWith('Cumul des compteurs de user_counts en échec : connexion perdue');
    } finally {
      error.mockRestore();
    }
  });

  it('rolls every table up each minute until shutdown, and not at all in tests', async () => {
    jest.useFakeTimers();
    const sut = rollUps();
    const sites = jest.fn(async () => true);
    const users = jest.fn(async () => true);
    sut.register('site_counts', sites);
    sut.register('user_counts', users);
    await sut.onApplicationBootstrap();
    expect(sites).not.toHaveBeenCalled();
    jest.advanceTimersByTime(ROLL_UP_EVERY_MS);
    expect([sites.mock.calls.length, users.mock.calls.length]).toEqual([1, 1]);
    await jest.advanceTimersByTimeAsync(ROLL_UP_EVERY_MS);
    expect([sites.mock.calls.length, users.mock.calls.length]).toEqual([2, 2]);
    expect(jest.getTimerCount()).toBe(2); // one per table
    await sut.beforeApplicationShutdown();
    expect(jest.getTimerCount()).toBe(0);

    const inTests = rollUps('test');
    const never = jest.fn(async () => true);
    inTests.register('site_counts', never);
    await inTests.onApplicationBootstrap();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('at shutdown, waits for the roll-up under way and starts no other', async () => {
    const sut = rollUps();
    const sites = controlled();
    const rollUp = sut.register('site_counts', sites.run);
    void rollUp.now();
    let stopped = false;
    const stopping = sut.beforeApplicationShutdown().then(() => (stopped = true));
    await tick();
    expect(stopped).toBe(false);
    sites.release();
    await stopping;
    await rollUp.now();
    rollUp.afterRead(ROLL_UP_AFTER_DELTAS * 10);
    expect(sites.run).toHaveBeenCalledTimes(1);
  });
});

describe('rollUpStatement', () => {
  it('deletes and sums back the same rows of one table, per bucket, under that table’s advisory lock', () => {
    const sql = rollUpStatement('site_counts', ['status', 'type']).replace(/\s+/g, ' ');
    expect(sql).toBe(
      "WITH locked AS (SELECT pg_try_advisory_xact_lock(hashtext('site_counts')) AS ok), " +
        'gone AS (DELETE FROM site_counts WHERE (SELECT ok FROM locked) RETURNING status, type, n), ' +
        'summed AS (INSERT INTO site_counts (status, type, n) SELECT status, type, sum(n) FROM gone GROUP BY status, type HAVING sum(n) <> 0) ' +
        'SELECT ok AS locked FROM locked',
    );
  });
});
