import { Check, Column, Entity, Index, JoinColumn, ManyToOne, OneToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { Site } from '../sites/site.entity';

/**
 * The tables of the uptime and certificate watch (issue 37, docs/uptime.md). Raw checks live 7 days, the daily counts
 * 400 days, incidents as long as their site.
 */

/**
 * Why a check failed: an HTTP status of 400 or more, no answer in time, a TLS error (certificate expired, not trusted,
 * not for this name), a domain unknown to DNS, an address refused (private, loopback, special-purpose), a connection
 * refused or cut.
 */
export const UPTIME_CAUSES = ['http', 'timeout', 'tls', 'dns', 'address', 'connection'] as const;
export type UptimeCause = (typeof UPTIME_CAUSES)[number];
const CAUSES_SQL = `cause IN ('http', 'timeout', 'tls', 'dns', 'address', 'connection')`;

/** A watched site's latest state. */
@Entity('uptime_sites')
export class UptimeSite {
  @PrimaryColumn({ name: 'site_id', type: 'uuid' })
  siteId: string;

  @OneToOne(() => Site, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id', foreignKeyConstraintName: 'uptime_sites_site_id_fkey' })
  site?: Site;

  /** Up or down as last decided (null before the first check) */
  @Column({ type: 'boolean', nullable: true })
  up: boolean | null;

  /** Failed checks in a row */
  @Column({ type: 'int', default: 0 })
  failures: number;

  /** The first of those failed checks */
  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince: Date | null;

  @Column({ name: 'last_checked_at', type: 'timestamptz', nullable: true })
  lastCheckedAt: Date | null;

  @Column({ name: 'last_status_code', type: 'int', nullable: true })
  lastStatusCode: number | null;

  @Column({ name: 'last_latency_ms', type: 'int', nullable: true })
  lastLatencyMs: number | null;

  /** Where the home page redirects (its Location), when it does */
  @Column({ name: 'redirect_to', type: 'text', nullable: true })
  redirectTo: string | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'certificate_expires_at', type: 'timestamptz', nullable: true })
  certificateExpiresAt: Date | null;

  /** SHA-256 fingerprint of the certificate last seen */
  @Column({ name: 'certificate_fingerprint', type: 'text', nullable: true })
  certificateFingerprint: string | null;

  /** The fingerprint of the certificate the team was warned about (once per certificate) */
  @Column({ name: 'certificate_warned', type: 'text', nullable: true })
  certificateWarned: string | null;
}

/** One check (kept 7 days). */
@Entity('uptime_checks')
@Check('uptime_checks_cause_check', CAUSES_SQL)
@Index('uptime_checks_site_id_checked_at_idx', ['siteId', 'checkedAt'])
@Index('uptime_checks_checked_at_idx', ['checkedAt'])
export class UptimeCheck {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column({ name: 'site_id', type: 'uuid' })
  siteId: string;

  @ManyToOne(() => Site, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id', foreignKeyConstraintName: 'uptime_checks_site_id_fkey' })
  site?: Site;

  @Column({ name: 'checked_at', type: 'timestamptz' })
  checkedAt: Date;

  @Column({ type: 'boolean' })
  up: boolean;

  @Column({ name: 'status_code', type: 'int', nullable: true })
  statusCode: number | null;

  @Column({ name: 'latency_ms', type: 'int', nullable: true })
  latencyMs: number | null;

  @Column({ type: 'text', nullable: true })
  cause: UptimeCause | null;
}

/** Per site and day (Paris time): checks made, checks answered (kept 400 days). */
@Entity('uptime_daily')
export class UptimeDaily {
  @PrimaryColumn({ name: 'site_id', type: 'uuid' })
  siteId: string;

  @ManyToOne(() => Site, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id', foreignKeyConstraintName: 'uptime_daily_site_id_fkey' })
  site?: Site;

  @PrimaryColumn({ type: 'date' })
  day: string;

  @Column({ type: 'int' })
  checks: number;

  @Column({ name: 'up_checks', type: 'int' })
  upChecks: number;
}

/** A site down: from its first failed check to its first answered one. */
@Entity('uptime_incidents')
@Check('uptime_incidents_cause_check', CAUSES_SQL)
@Index('uptime_incidents_site_id_started_at_idx', ['siteId', 'startedAt'])
@Index('uptime_incidents_open_key', ['siteId'], { unique: true, where: `ended_at IS NULL` })
export class UptimeIncident {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'site_id', type: 'uuid' })
  siteId: string;

  @ManyToOne(() => Site, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id', foreignKeyConstraintName: 'uptime_incidents_site_id_fkey' })
  site?: Site;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt: Date;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  @Column({ type: 'text' })
  cause: UptimeCause;

  @Column({ name: 'status_code', type: 'int', nullable: true })
  statusCode: number | null;

  @Column({ type: 'text', nullable: true })
  detail: string | null;

  /** When its client was mailed (once per incident, after UPTIME_CLIENT_ALERT_MINUTES) */
  @Column({ name: 'client_notified_at', type: 'timestamptz', nullable: true })
  clientNotifiedAt: Date | null;
}

export const UPTIME_ENTITIES = [UptimeSite, UptimeCheck, UptimeDaily, UptimeIncident];
