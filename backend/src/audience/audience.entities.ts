import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  OneToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { Site } from '../sites/site.entity';

/**
 * The tables of audience measurement (issue 37, docs/audience.md). Raw events live 48 hours at most; the roll-ups
 * (hourly, daily, and the daily tops per dimension) 25 months; the day salts one day and a grace hour. Nothing here
 * holds an IP address, a user agent or anything that links two days' visits of one person.
 */

export const AUDIENCE_EVENT_KINDS = ['pageview', 'leave'] as const;
export type AudienceEventKind = (typeof AUDIENCE_EVENT_KINDS)[number];
export const AUDIENCE_DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export type AudienceDevice = (typeof AUDIENCE_DEVICES)[number];
export const AUDIENCE_DIMENSIONS = ['page', 'source', 'campaign', 'device', 'browser', 'language'] as const;
export type AudienceDimension = (typeof AUDIENCE_DIMENSIONS)[number];

/** A site's public key, written in its snippet: the only thing the script sends to say which site it measures. */
@Entity('audience_sites')
@Unique('audience_sites_site_key_key', ['siteKey'])
export class AudienceSite {
  @PrimaryColumn({ name: 'site_id', type: 'uuid' })
  siteId: string;

  @OneToOne(() => Site, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id', foreignKeyConstraintName: 'audience_sites_site_id_fkey' })
  site?: Site;

  /** 128 random bits, base64url (never derived from the site's id) */
  @Column({ name: 'site_key', type: 'text' })
  siteKey: string;

  /** The time of the site's newest event, set by the roll-up job (the snippet card's "events arrive" check) */
  @Column({ name: 'last_event_at', type: 'timestamptz', nullable: true })
  lastEventAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** The salt of one day (Paris time) of the visitor hashes: today's, and yesterday's until the grace hour ends. */
@Entity('audience_salts')
export class AudienceSalt {
  @PrimaryColumn({ type: 'date' })
  day: string;

  @Column({ type: 'bytea' })
  salt: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** One raw event as received (kept 48 hours at most, then deleted by the retention job). */
@Entity('audience_events')
@Check('audience_events_kind_check', `kind IN ('pageview', 'leave')`)
@Check('audience_events_device_check', `device IN ('mobile', 'tablet', 'desktop')`)
@Check('audience_events_duration_check', `(kind = 'leave') = (duration_ms IS NOT NULL)`)
// The roll-ups read a window of received_at; the retention deletes below a received_at.
@Index('audience_events_received_at_idx', ['receivedAt'])
// A touched bucket's events, read by site and time range (the incremental roll-ups).
@Index('audience_events_site_id_received_at_idx', ['siteId', 'receivedAt'])
export class AudienceEvent {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  // No foreign key: the hot insert path checks nothing per row; the events of a deleted site age out in 48 hours.
  @Column({ name: 'site_id', type: 'uuid' })
  siteId: string;

  /** The day (Paris time) of the salt that made `visitor` */
  @Column({ type: 'date' })
  day: string;

  /** HMAC-SHA256(day salt, site id + IP + user agent): the same visitor on the same day only */
  @Column({ type: 'bytea' })
  visitor: Buffer;

  @Column({ type: 'text' })
  kind: AudienceEventKind;

  @Column({ type: 'text' })
  path: string;

  @Column({ name: 'referrer_host', type: 'text', nullable: true })
  referrerHost: string | null;

  @Column({ name: 'utm_source', type: 'text', nullable: true })
  utmSource: string | null;

  @Column({ name: 'utm_medium', type: 'text', nullable: true })
  utmMedium: string | null;

  @Column({ name: 'utm_campaign', type: 'text', nullable: true })
  utmCampaign: string | null;

  @Column({ type: 'text' })
  device: AudienceDevice;

  @Column({ type: 'text' })
  browser: string;

  @Column({ type: 'text', nullable: true })
  language: string | null;

  /** A leave: how long the page was shown */
  @Column({ name: 'duration_ms', type: 'int', nullable: true })
  durationMs: number | null;

  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' })
  receivedAt: Date;
}

/** Figures of one period (an hour, a day) of one site, recomputed from the raw events while they are kept. */
abstract class AudienceFigures {
  @Column({ type: 'int' })
  visitors: number;

  @Column({ type: 'int' })
  pageviews: number;

  /** Visits: a visitor's page views with less than 30 minutes between them */
  @Column({ type: 'int' })
  visits: number;

  /** Visits of one page view */
  @Column({ type: 'int' })
  bounces: number;

  @Column({ name: 'duration_seconds', type: 'bigint' })
  durationSeconds: string;
}

@Entity('audience_hourly')
@Index('audience_hourly_hour_idx', ['hour'])
export class AudienceHourly extends AudienceFigures {
  @PrimaryColumn({ name: 'site_id', type: 'uuid' })
  siteId: string;

  @PrimaryColumn({ type: 'timestamptz' })
  hour: Date;
}

@Entity('audience_daily')
@Index('audience_daily_day_idx', ['day'])
export class AudienceDaily extends AudienceFigures {
  @PrimaryColumn({ name: 'site_id', type: 'uuid' })
  siteId: string;

  @PrimaryColumn({ type: 'date' })
  day: string;
}

/** The top values of one dimension on one day (at most AUDIENCE_TOP_VALUES per dimension and day). */
@Entity('audience_daily_dimensions')
@Check('audience_daily_dimensions_dimension_check', `dimension IN ('page', 'source', 'campaign', 'device', 'browser', 'language')`)
@Index('audience_daily_dimensions_day_idx', ['day'])
// A site's tops over a period, from the index alone: (site_id, day) INCLUDE (dimension, value, visitors, pageviews).
@Index('audience_daily_dimensions_site_day_idx', { synchronize: false })
export class AudienceDailyDimension {
  @PrimaryColumn({ name: 'site_id', type: 'uuid' })
  siteId: string;

  @PrimaryColumn({ type: 'date' })
  day: string;

  @PrimaryColumn({ type: 'text' })
  dimension: AudienceDimension;

  @PrimaryColumn({ type: 'text' })
  value: string;

  @Column({ type: 'int' })
  visitors: number;

  @Column({ type: 'int' })
  pageviews: number;
}

/**
 * A (site, Paris day, hour) bucket that received events since the last roll-up: queued in the events' own INSERT, taken
 * and recomputed by the `audience-rollups` job (only what is new, never every site's whole day).
 */
@Entity('audience_rollup_queue')
export class AudienceRollupQueue {
  @PrimaryColumn({ name: 'site_id', type: 'uuid' })
  siteId: string;

  @PrimaryColumn({ type: 'date' })
  day: string;

  @PrimaryColumn({ type: 'timestamptz' })
  hour: Date;
}

export const AUDIENCE_ENTITIES = [
  AudienceSite,
  AudienceSalt,
  AudienceEvent,
  AudienceHourly,
  AudienceDaily,
  AudienceDailyDimension,
  AudienceRollupQueue,
];
