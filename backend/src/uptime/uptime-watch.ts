import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { concurrencyLimit } from '../common/concurrency';
import { longDate, longDateTime } from '../common/format';
import { retryDelaySeconds } from '../common/retry';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { BackgroundJob } from '../database/jobs/background-job.decorator';
import { type Job, JobRunner } from '../database/jobs/job-runner';
import { Transactions } from '../database/transactions';
import { MailService } from '../mail/mail.service';
import { WebhookEvents } from '../outbound-webhooks/webhook-events';
import { checkSite, homeUrl, type SiteCheckResult } from './site-check';
import { UptimeClock } from './uptime-clock';
import type { UptimeCause } from './uptime.entities';
import { type IncidentRow, UptimeRepository, type WatchedSite } from './uptime.repository';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Failed checks in a row before a site is down (one lost packet is not an incident). */
export const FAILURES_BEFORE_DOWN = 2;
/** The team is warned this many days before a certificate expires. */
export const CERTIFICATE_WARNING_DAYS = 14;
/** Raw checks: 7 days. */
export const CHECKS_RETENTION_DAYS = 7;
/** Daily counts (availability): 400 days. */
export const DAILY_RETENTION_DAYS = 400;
/** A run checks for at most this long; the sites not reached are the first of the next run. */
export const RUN_BUDGET_MS = 45_000;

/** A cause as people read it. */
export const CAUSE_LABELS: Record<UptimeCause, string> = {
  http: 'erreur HTTP',
  timeout: 'pas de réponse à temps',
  tls: 'certificat ou connexion sécurisée refusés',
  dns: 'domaine introuvable (DNS)',
  address: 'adresse refusée (privée ou réservée)',
  connection: 'connexion impossible',
};

const causeText = (incident: Pick<IncidentRow, 'cause' | 'statusCode'>) =>
  incident.cause === 'http' && incident.statusCode ? `${CAUSE_LABELS.http} ${incident.statusCode}` : CAUSE_LABELS[incident.cause];

/** `YYYY-MM-DD` of that instant in Paris. */
export function parisDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(at);
}

const minutesBetween = (from: Date, to: Date) => Math.max(1, Math.round((to.getTime() - from.getTime()) / MINUTE_MS));

/** What a run did: sites checked, incidents opened and closed, clients told, certificates warned about. */
export interface WatchRun {
  checked: number;
  opened: number;
  closed: number;
  clientsTold: number;
  certificatesWarned: number;
}

/**
 * The uptime and certificate watch (docs/uptime.md): every minute, on one instance at a time (a cluster job of the
 * engine), every active site with a domain is checked (site-check.ts), UPTIME_CONCURRENCY at once, each within
 * UPTIME_TIMEOUT_MS, the run within RUN_BUDGET_MS. Each result is recorded in its own transaction with what it
 * changes: two failures in a row open an incident (the team mailed, `site.down` emitted), the first answer closes it
 * (the team mailed, the client too when they had been told, `site.up` emitted); an incident open for
 * UPTIME_CLIENT_ALERT_MINUTES mails the client once; a certificate within 14 days of its expiry mails the team once.
 * Mails and events are written with the change and carry dedupe keys: once each, whatever the retries.
 */
@Injectable()
export class UptimeWatch {
  private readonly job: Job<WatchRun>;
  private readonly logger = new Logger('Uptime');
  /** Certificates trusted instead of the system's (tests: their self-signed servers'); undefined: the system's. */
  trustedCertificates: string[] | undefined;

  constructor(
    private readonly repository: UptimeRepository,
    private readonly transactions: Transactions,
    private readonly mail: MailService,
    private readonly events: WebhookEvents,
    private readonly clock: UptimeClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    runner: JobRunner,
  ) {
    this.job = runner.job('uptime-checks');
  }

  /** A run now, as the timer makes it, under the job's lease (tests, an operator's script). */
  run(): Promise<WatchRun | undefined> {
    return this.job.drain();
  }

  @BackgroundJob({
    name: 'uptime-checks',
    scope: 'cluster',
    everyMs: MINUTE_MS,
    firstAfterMs: MINUTE_MS,
    timer: (config) => config.nodeEnv !== 'test',
    retryDelayMs: (failures) => retryDelaySeconds(failures, 10) * 1000,
    combine: (earlier: WatchRun, later: WatchRun) => ({
      checked: earlier.checked + later.checked,
      opened: earlier.opened + later.opened,
      closed: earlier.closed + later.closed,
      clientsTold: earlier.clientsTold + later.clientsTold,
      certificatesWarned: earlier.certificatesWarned + later.certificatesWarned,
    }),
    metrics: true,
    log: { context: 'Uptime', failure: 'Surveillance de la disponibilité des sites en échec' },
  })
  private checkAll(): Promise<WatchRun> {
    return this.checkAllNow();
  }

  private async checkAllNow(): Promise<WatchRun> {
    const run: WatchRun = { checked: 0, opened: 0, closed: 0, clientsTold: 0, certificatesWarned: 0 };
    const { timeoutMs, concurrency, allowPrivateAddresses } = this.config.uptime;
    const limit = concurrencyLimit(concurrency);
    const budgetEnds = performance.now() + RUN_BUDGET_MS;
    const sites = await this.repository.watchedSites();
    await Promise.all(
      sites.map((site) =>
        limit(async () => {
          // Out of time: this site is among the first of the next run (least recently checked first).
          if (performance.now() > budgetEnds) return;
          const result = await checkSite(site.domain, { allowPrivate: allowPrivateAddresses, timeoutMs, ca: this.trustedCertificates });
          try {
            await this.record(site, result, run);
            run.checked += 1;
          } catch (error) {
            // One site's record failing (deleted meanwhile…) never costs the others theirs; the next run tries again.
            this.logger.warn(`Contrôle du site ${site.id} non enregistré : ${error instanceof Error ? error.message : String(error)}`);
          }
        }),
      ),
    );
    run.clientsTold = await this.tellClients();
    const now = this.clock.now();
    await this.repository.purge(
      new Date(now.getTime() - CHECKS_RETENTION_DAYS * DAY_MS),
      parisDay(new Date(now.getTime() - DAILY_RETENTION_DAYS * DAY_MS)),
    );
    return run;
  }

  /** One check's result, with what it changes, in one transaction. */
  private async record(site: WatchedSite, result: SiteCheckResult, run: WatchRun): Promise<void> {
    const at = this.clock.now();
    await this.transactions.run(async (tx) => {
      const state = await this.repository.lockState(site.id, tx);
      const next = { ...state };
      if (result.up) {
        next.failures = 0;
        next.failingSince = null;
        next.up = true;
      } else {
        next.failures = state.failures + 1;
        next.failingSince = state.failingSince ?? at;
        if (next.failures >= FAILURES_BEFORE_DOWN) next.up = false;
      }
      if (result.certificate) {
        next.certificateExpiresAt = result.certificate.expiresAt;
        next.certificateFingerprint = result.certificate.fingerprint;
        const left = result.certificate.expiresAt.getTime() - at.getTime();
        if (left <= CERTIFICATE_WARNING_DAYS * DAY_MS && state.certificateWarned !== result.certificate.fingerprint) {
          next.certificateWarned = result.certificate.fingerprint;
          await this.warnCertificate(site, result.certificate, tx);
          run.certificatesWarned += 1;
        }
      }
      await this.repository.recordCheck(site.id, at, result, next, tx);
      const open = await this.repository.openIncident(site.id, tx);
      if (!result.up && next.failures >= FAILURES_BEFORE_DOWN && !open) {
        const incident = await this.repository.startIncident(
          { siteId: site.id, startedAt: next.failingSince!, cause: result.cause!, statusCode: result.statusCode, detail: result.error },
          tx,
        );
        await this.wentDown(site, incident, tx);
        run.opened += 1;
      } else if (result.up && open) {
        const incident = await this.repository.endIncident(open.id, at, tx);
        await this.cameBack(site, incident, tx);
        run.closed += 1;
      }
    });
  }

  private siteObject(site: WatchedSite, incident: IncidentRow) {
    return {
      id: site.id,
      siteName: site.siteName,
      domain: site.domain,
      userId: site.userId,
      incident: {
        id: incident.id,
        startedAt: incident.startedAt.toISOString(),
        endedAt: incident.endedAt?.toISOString() ?? null,
        cause: incident.cause,
        statusCode: incident.statusCode,
        detail: incident.detail,
      },
    };
  }

  private async wentDown(site: WatchedSite, incident: IncidentRow, tx: EntityManager): Promise<void> {
    await this.mail.enqueue(
      'team-notice',
      await this.mail.teamAddress(tx),
      {
        subject: `Site hors ligne : ${site.siteName}`,
        summary: `Le site ${site.domain} ne répond plus depuis ${longDateTime(incident.startedAt)} (${causeText(incident)}).`,
        lines: [
          { label: 'Site', value: `${site.siteName} (${homeUrl(site.domain)})` },
          { label: 'Client', value: `${site.customerName} <${site.customerEmail}>` },
          { label: 'Cause', value: causeText(incident) },
          ...(incident.detail ? [{ label: 'Détail', value: incident.detail }] : []),
        ],
        adminUrl: this.mail.link(`/admin/sites/${site.id}`),
      },
      { tx, dedupeKey: `uptime-down:${incident.id}:team` },
    );
    await this.events.record(tx, {
      type: 'site.down',
      objectType: 'site',
      objectId: site.id,
      object: this.siteObject(site, incident),
      dedupeKey: `site.down:${incident.id}`,
    });
  }

  private async cameBack(site: WatchedSite, incident: IncidentRow, tx: EntityManager): Promise<void> {
    const minutes = minutesBetween(incident.startedAt, incident.endedAt!);
    const duration = minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 6) / 10} h`.replace('.', ',');
    await this.mail.enqueue(
      'team-notice',
      await this.mail.teamAddress(tx),
      {
        subject: `Site de nouveau en ligne : ${site.siteName}`,
        summary: `Le site ${site.domain} répond de nouveau depuis ${longDateTime(incident.endedAt!)}, après ${duration} hors ligne.`,
        lines: [
          { label: 'Site', value: `${site.siteName} (${homeUrl(site.domain)})` },
          { label: 'Hors ligne', value: `du ${longDateTime(incident.startedAt)} au ${longDateTime(incident.endedAt!)}` },
          { label: 'Cause', value: causeText(incident) },
        ],
        adminUrl: this.mail.link(`/admin/sites/${site.id}`),
      },
      { tx, dedupeKey: `uptime-up:${incident.id}:team` },
    );
    // The client who was told it was down is told it is back.
    if (incident.clientNotifiedAt)
      await this.mail.enqueue(
        'account-notice',
        site.customerEmail,
        {
          subject: `Votre site ${site.siteName} est de nouveau en ligne`,
          name: site.customerName,
          paragraphs: [
            `Votre site ${site.domain} répond de nouveau depuis ${longDateTime(incident.endedAt!)}, après ${duration} d’interruption.`,
            'Nous vous prions de nous excuser pour la gêne occasionnée.',
          ],
          lines: [],
          actionLabel: 'Voir mon site',
          actionUrl: this.mail.link(`/dashboard/sites/${site.id}`),
        },
        { tx, dedupeKey: `uptime-up:${incident.id}:client` },
      );
    await this.events.record(tx, {
      type: 'site.up',
      objectType: 'site',
      objectId: site.id,
      object: this.siteObject(site, incident),
      dedupeKey: `site.up:${incident.id}`,
    });
  }

  /** The clients whose site has been down UPTIME_CLIENT_ALERT_MINUTES, each incident once. */
  private tellClients(): Promise<number> {
    const now = this.clock.now();
    const before = new Date(now.getTime() - this.config.uptime.clientAlertMinutes * MINUTE_MS);
    return this.transactions.run(async (tx) => {
      let told = 0;
      for (const incident of await this.repository.claimClientAlerts(before, now, tx)) {
        const site = await this.repository.watchedSite(incident.siteId, tx);
        if (!site) continue;
        await this.mail.enqueue(
          'account-notice',
          site.customerEmail,
          {
            subject: `Votre site ${site.siteName} est hors ligne`,
            name: site.customerName,
            paragraphs: [
              `Votre site ${site.domain} ne répond plus depuis ${longDateTime(incident.startedAt)} (${causeText(incident)}).`,
              'Notre équipe est prévenue et s’en occupe. Nous vous écrirons dès qu’il sera de nouveau en ligne.',
            ],
            lines: [],
            actionLabel: 'Voir mon site',
            actionUrl: this.mail.link(`/dashboard/sites/${site.id}`),
          },
          { tx, dedupeKey: `uptime-down:${incident.id}:client` },
        );
        told += 1;
      }
      return told;
    });
  }

  private async warnCertificate(
    site: WatchedSite,
    certificate: { expiresAt: Date; fingerprint: string },
    tx: EntityManager,
  ): Promise<void> {
    const days = Math.max(0, Math.floor((certificate.expiresAt.getTime() - this.clock.now().getTime()) / DAY_MS));
    await this.mail.enqueue(
      'team-notice',
      await this.mail.teamAddress(tx),
      {
        subject: `Certificat bientôt expiré : ${site.siteName}`,
        summary: `Le certificat HTTPS de ${site.domain} expire le ${longDate(certificate.expiresAt)} (dans ${days} jour${days > 1 ? 's' : ''}). Renouvelez-le avant cette date : après, les navigateurs refuseront d’afficher le site.`,
        lines: [
          { label: 'Site', value: `${site.siteName} (${homeUrl(site.domain)})` },
          { label: 'Expiration', value: longDateTime(certificate.expiresAt) },
          { label: 'Empreinte SHA-256', value: certificate.fingerprint },
        ],
        adminUrl: this.mail.link(`/admin/sites/${site.id}`),
      },
      { tx, dedupeKey: `uptime-certificate:${site.id}:${certificate.fingerprint}` },
    );
  }
}
