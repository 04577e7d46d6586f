import { Injectable } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { automock } from '../../../test/unit/new-test-service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { COUNTED_JOBS } from './job-runs';
import { BackgroundJob } from './background-job.decorator';
import { JobLeases } from './job-leases';
import { JobRunner } from './job-runner';

@Injectable()
class SweepWorker {
  runs = 0;

  @BackgroundJob({
    name: 'zz-sweep',
    scope: 'instance',
    everyMs: (config) => config.jobs.leaseSeconds * 1000,
    timer: false,
    metrics: true,
    log: { context: 'Test', failure: 'Balayage en échec' },
  })
  async sweep(): Promise<number> {
    this.runs += 1;
    return this.runs;
  }

  /** Not a job: no decorator. */
  async other(): Promise<void> {}
}

describe('@BackgroundJob', () => {
  it('is found at boot on any provider, registered with its options read from the config, and reached by name', async () => {
    const config = { nodeEnv: 'test', jobs: { leaseSeconds: 30 } } as unknown as AppConfig;
    const moduleRef = await Test.createTestingModule({
      imports: [DiscoveryModule],
      providers: [
        JobRunner,
        SweepWorker,
        { provide: JobLeases, useValue: automock<JobLeases>() },
        { provide: APP_CONFIG, useValue: config },
      ],
    }).compile();
    await moduleRef.init();
    const runner = moduleRef.get(JobRunner);
    const worker = moduleRef.get(SweepWorker);
    expect(await runner.job<number>('zz-sweep').drain()).toBe(1);
    expect(worker.runs).toBe(1);
    expect(() => runner.job('other').drain()).toThrow('Tâche de fond inconnue : other');
    await moduleRef.close();
  });

  it('lists a job whose runs are counted among the metrics’ and the status page’s jobs, by name, as soon as its class is declared', () => {
    expect(COUNTED_JOBS).toContain('zz-sweep');
    expect([...COUNTED_JOBS]).toEqual([...COUNTED_JOBS].sort());
  });
});
