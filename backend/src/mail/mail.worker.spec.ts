import { DiscoveryService, MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { MailerService } from '@nestjs-modules/mailer';
import { automock, newTestService } from '../../test/unit/new-test-service';
import type { AppConfig } from '../config/app-config';
import { retryDelaySeconds } from '../common/retry';
import { JobLeases } from '../database/jobs/job-leases';
import { JobRunner } from '../database/jobs/job-runner';
import { MailWorker } from './mail.worker';
import { type ClaimedMail, OutboxRepository } from './outbox.repository';

const mail = (attempts: number): ClaimedMail => ({
  id: 'm1',
  recipient: 'a@example.com',
  template: 'welcome',
  subject: 'Sujet',
  html: '<p>x</p>',
  text: 'x',
  action_url: null,
  secret_link: null,
  attempts,
});
const config = (smtpUrl: string | undefined) =>
  ({
    mail: { smtpUrl, maxAttempts: 6, retryBaseSeconds: 30, workerEnabled: false, pollIntervalMs: 1000 },
    jobs: { leaseSeconds: 60 },
    shutdown: { timeoutMs: 10_000 },
  }) as unknown as AppConfig;
/** The engine the worker registers with (no database: the mail job runs on every instance, with no lease row). */
const runnerFor = (smtpUrl: string | undefined) =>
  new JobRunner(
    automock<JobLeases>() as unknown as JobLeases,
    config(smtpUrl),
    new DiscoveryService(new ModulesContainer()),
    new MetadataScanner(),
    new Reflector(),
  );

function worker(smtpUrl: string | undefined, batch: ClaimedMail[], send: () => Promise<unknown>) {
  const runner = runnerFor(smtpUrl);
  const outbox = automock<OutboxRepository>();
  outbox.claim.mockResolvedValueOnce(batch).mockResolvedValue([]);
  const mailer = automock<MailerService>({ sendMail: jest.fn(send) });
  const { sut } = newTestService(MailWorker, [
    [OutboxRepository, outbox],
    [MailerService, mailer],
    [3, config(smtpUrl)],
    [JobRunner, runner],
  ]);
  runner.registerDeclared(sut);
  return { sut, outbox, mailer };
}

describe('mail retry backoff', () => {
  it('waits the base delay, doubled at each failed attempt, one hour at most', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelaySeconds(n, 30))).toEqual([30, 60, 120, 240, 480, 960]);
    expect(retryDelaySeconds(12, 30)).toBe(3600);
    expect(retryDelaySeconds(0, 30)).toBe(30);
  });
});

describe('MailWorker', () => {
  it('marks a delivered mail sent', async () => {
    const { sut, outbox, mailer } = worker('smtp://localhost:1025', [mail(1)], async () => ({}));
    expect(await sut.drain()).toBe(1);
    expect(mailer.sendMail).toHaveBeenCalledWith({ to: 'a@example.com', subject: 'Sujet', html: '<p>x</p>', text: 'x' });
    expect(outbox.markDelivered).toHaveBeenCalledWith('m1', 'sent');
  });

  it('puts a failed mail back in line with the backoff delay, then fails it for good at the last attempt', async () => {
    const refused = async () => Promise.reject(new Error('connect ECONNREFUSED'));
    const second = worker('smtp://localhost:1025', [mail(2)], refused);
    await second.sut.drain();
    expect(second.outbox.markAttemptFailed).toHaveBeenCalledWith('m1', 'connect ECONNREFUSED', false, 60);

    const last = worker('smtp://localhost:1025', [mail(6)], refused);
    await last.sut.drain();
    expect(last.outbox.markAttemptFailed).toHaveBeenCalledWith('m1', 'connect ECONNREFUSED', true, 960);
  });

  it('captures mail without calling any transport when no SMTP server is configured', async () => {
    const { sut, outbox, mailer } = worker(undefined, [mail(1)], async () => ({}));
    await sut.drain();
    expect(mailer.sendMail).not.toHaveBeenCalled();
    expect(outbox.markDelivered).toHaveBeenCalledWith('m1', 'captured');
  });
});

describe('MailWorker at shutdown', () => {
  it('finishes the mail it is sending, hands back the rest of its batch, and claims no other', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const outbox = automock<OutboxRepository>();
    outbox.claim.mockResolvedValue([mail(1), { ...mail(1), id: 'm2' }]);
    const mailer = automock<MailerService>({ sendMail: jest.fn(() => slow) });
    const runner = runnerFor('smtp://localhost:1025');
    const { sut } = newTestService(MailWorker, [
      [OutboxRepository, outbox],
      [MailerService, mailer],
      [3, config('smtp://localhost:1025')],
      [JobRunner, runner],
    ]);
    runner.registerDeclared(sut);
    const draining = sut.drain();
    await new Promise((resolve) => setImmediate(resolve));
    let stopped = false;
    const stopping = runner.beforeApplicationShutdown().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false); // waits for the mail in progress
    release();
    await stopping;
    expect(await draining).toBe(1);
    expect(outbox.markDelivered).toHaveBeenCalledTimes(1);
    expect(outbox.release).toHaveBeenCalledWith(['m2']);
    expect(outbox.claim).toHaveBeenCalledTimes(1);
  });
});
