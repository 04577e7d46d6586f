import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import {
  type AgencyDetails,
  compactId,
  isFrenchVatFormat,
  isHttpsUrl,
  isPhoneNumber,
  isSiren,
  isSiret,
  vatMatchesSiren,
} from '@vitrine/domain';
import { adminPasswordProblems, jwtSecretProblems, metricsTokenProblems } from './secrets';

export type PasswordHashCost = 'full' | 'test-minimum';

/** Typed configuration, read once from the environment at start and validated. */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Where local state lives: embedded PostgreSQL data, generated secrets. */
  dataDir: string;
  /** External PostgreSQL; when undefined an embedded server is started in dataDir/postgres. */
  databaseUrl?: string;
  embeddedPostgresPort: number;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** SESSION_MAX_DAYS: a session ends this many days after sign-in, however often it is refreshed */
  sessionMaxDays: number;
  firstLoginTokenTtlHours: number;
  /** Public address of the product, used in links and to decide whether cookies are `Secure`. */
  appUrl: string;
  corsOrigins: string[];
  adminEmail: string;
  adminPassword?: string;
  /** Built frontend served on the same port; undefined when not built. */
  frontendDist?: string;
  login: { maxFailures: number; lockMinutes: number };
  /**
   * What a password costs to hash (auth/password.ts): `full` (argon2id, 19 MiB, 2 passes) everywhere;
   * PASSWORD_HASH_COST=test-minimum, argon2's smallest, is accepted with NODE_ENV=test only (the test harness's).
   */
  passwordHashCost: PasswordHashCost;
  /** Per hour, per caller's IP and per e-mail address: sign-ups (SIGNUP_LIMIT_PER_*) and payments opened (CHECKOUT_LIMIT_PER_*) */
  limits: {
    signupPerIp: number;
    signupPerEmail: number;
    checkoutPerIp: number;
    checkoutPerEmail: number;
    /** Requests per minute of one API key (API_KEY_RATE_LIMIT_PER_MINUTE) */
    apiKeyPerMinute: number;
  };
  mail: {
    /** SMTP server; undefined = mail is captured (kept in the outbox, printed in the console) */
    smtpUrl?: string;
    from: string;
    /** Where internal notifications go (new quote, order, support message…) */
    teamEmail: string;
    pollIntervalMs: number;
    maxAttempts: number;
    /** First retry delay; doubles at each attempt, capped at one hour */
    retryBaseSeconds: number;
    /** false: no background worker (tests drive it by hand) */
    workerEnabled: boolean;
  };
  passwordResetTtlMinutes: number;
  stripe: {
    /** undefined: not configured, online payment answers 503 (`npm start` sets it to the sandbox's key) */
    secretKey?: string;
    publishableKey?: string;
    webhookSecret: string;
    /** STRIPE_API_URL: another Stripe-compatible server (the sandbox); undefined = api.stripe.com */
    apiUrl?: string;
    /** STRIPE_TIMEOUT_MS: how long one call to Stripe may take before it is retried (twice) or fails */
    timeoutMs: number;
    /**
     * STRIPE_PAYMENT_METHODS: what an order's (and a restart's) Checkout offers, `card,sepa_debit` by default (a French
     * small business often pays by direct debit); `card` for an account where SEPA Direct Debit is not activated
     */
    paymentMethods: Array<'card' | 'sepa_debit'>;
    /**
     * STRIPE_TEST_CLOCKS=true (test mode only, refused with a live key): each new Checkout customer is made on its own
     * new Stripe test clock, so that `npm run stripe:check` can move that client's time forward
     */
    testClocks: boolean;
  };
  /** What SIGTERM / SIGINT do (see drainAndClose in main.ts) */
  shutdown: {
    /** SHUTDOWN_GRACE_MS: after /api/health turns 503, keep accepting requests this long (a load balancer's delay) */
    graceMs: number;
    /** SHUTDOWN_TIMEOUT_MS: then wait at most this long for the requests in flight, before cutting connections */
    timeoutMs: number;
  };
  /** What the logs look like and how much they say (common/logging) */
  log: LogConfig;
  /** The background jobs' engine (database/jobs) */
  jobs: {
    /** JOB_LEASE_SECONDS: what a run claims is leased this long, renewed while it lives; a killed run's work is taken again after it */
    leaseSeconds: number;
  };
  /** The Stripe webhook inbox's worker (billing/webhook-inbox.ts) */
  webhooks: {
    /** WEBHOOK_RETRY_BASE_SECONDS: wait after a failed attempt (Stripe unreachable…); doubles each time, at most an hour */
    retryBaseSeconds: number;
    /** WEBHOOK_MAX_ATTEMPTS: after this many failed attempts the event is `failed` (logged as an error) */
    maxAttempts: number;
    /** WEBHOOK_POLL_INTERVAL_MS: how often the worker looks for due events (retries, another instance's) */
    pollIntervalMs: number;
  };
  /** Outbound webhooks to integrators' endpoints (outbound-webhooks/) */
  outboundWebhooks: {
    /**
     * WEBHOOKS_ALLOW_PRIVATE_URLS: http and private, loopback or link-local addresses allowed (local development and
     * tests only; refused under NODE_ENV=production)
     */
    allowPrivateUrls: boolean;
    /** WEBHOOKS_TIMEOUT_MS: how long one delivery may take (connection and answer) before it counts as failed */
    timeoutMs: number;
  };
  /** The uptime and certificate watch of the clients' sites (uptime/, docs/uptime.md) */
  uptime: {
    /**
     * UPTIME_ALLOW_PRIVATE_ADDRESSES: a site's domain may resolve to a private, loopback or special-purpose address
     * (tests and local development only; refused under NODE_ENV=production)
     */
    allowPrivateAddresses: boolean;
    /** UPTIME_TIMEOUT_MS: how long one check may take (DNS, connection, TLS, the answer's headers) */
    timeoutMs: number;
    /** UPTIME_CONCURRENCY: how many sites are checked at once */
    concurrency: number;
    /** UPTIME_CLIENT_ALERT_MINUTES: how long a site is down before its client is mailed (once per incident) */
    clientAlertMinutes: number;
  };
  billing: {
    /** PAYMENT_REMINDER_DAYS: days after a failed payment when the client is reminded (ascending) */
    paymentReminderDays: number[];
  };
  orders: {
    /** Drafts never paid and untouched for this many days are deleted with their photos */
    draftTtlDays: number;
    /** PHOTO_MAX_MEGAPIXELS: a photo with more pixels (width × height, in millions) is refused before being decoded */
    photoMaxMegapixels: number;
  };
  /** Where order photos are kept: local disk by default, an S3-compatible bucket when configured */
  storage: {
    /** `${dataDir}/uploads` */
    uploadsDir: string;
    s3?: S3Config;
  };
  /**
   * The agency's identity from the environment (AGENCY_*): what GET /api/agency, the mails and the admin's settings
   * page use as long as no admin has saved the settings (then the `agency_settings` row wins; see AgencySettingsService).
   */
  agency: AgencyDetails;
  /** What an operator watches (monitoring/): GET /api/metrics and the admin's 'État du service' page */
  monitoring: MonitoringConfig;
}

export interface MonitoringConfig {
  /** METRICS_TOKEN: the bearer token GET /api/metrics asks for; undefined = the route answers 404 */
  metricsToken?: string;
  /** GIT_COMMIT (or SOURCE_COMMIT): the commit this instance runs, as the deployment says it; undefined = unknown */
  commit?: string;
}

/** Each field of the agency's identity, its variable and its default (placeholders: set yours, or save them in the admin). */
export const AGENCY_VARIABLES: ReadonlyArray<readonly [keyof AgencyDetails, string, string]> = [
  ['name', 'AGENCY_NAME', 'Vitrine'],
  ['legalName', 'AGENCY_LEGAL_NAME', 'Vitrine SAS'],
  ['legalForm', 'AGENCY_LEGAL_FORM', 'société par actions simplifiée'],
  ['capital', 'AGENCY_CAPITAL', '5 000 €'],
  ['address', 'AGENCY_ADDRESS', '12 rue des Artisans, 69002 Lyon'],
  ['country', 'AGENCY_COUNTRY', 'France'],
  ['rcsCity', 'AGENCY_RCS_CITY', 'Lyon'],
  ['siren', 'AGENCY_SIREN', '912345675'],
  ['siret', 'AGENCY_SIRET', '91234567500017'],
  ['vat', 'AGENCY_VAT', 'FR65912345675'],
  ['director', 'AGENCY_DIRECTOR', 'Julien Moreau, Président'],
  ['email', 'AGENCY_EMAIL', 'support@vitrine.example'],
  ['phone', 'AGENCY_PHONE', '01 99 00 24 24'],
  ['bookingUrl', 'AGENCY_BOOKING_URL', 'https://calendly.com/vitrine-agence/appel-30-minutes'],
  ['hostName', 'AGENCY_HOST_NAME', 'Scaleway SAS'],
  ['hostAddress', 'AGENCY_HOST_ADDRESS', '8 rue de la Ville-l’Évêque, 75008 Paris, France'],
  ['hostWebsite', 'AGENCY_HOST_WEBSITE', 'https://www.scaleway.com'],
  ['vatRegime', 'AGENCY_VAT_REGIME', 'standard'],
  ['vatRate', 'AGENCY_VAT_RATE', '20'],
  ['mediatorName', 'AGENCY_MEDIATOR_NAME', ''],
  ['mediatorWebsite', 'AGENCY_MEDIATOR_WEBSITE', ''],
];

/** AGENCY_* (defaults above), checked with the rules of the admin's settings form. */
function readAgency(env: Env, problems: string[]): AgencyDetails {
  const agency = {} as AgencyDetails;
  for (const [field, key, fallback] of AGENCY_VARIABLES) {
    const raw = (env[key] ?? '').trim() || fallback;
    agency[field] = ['siren', 'siret', 'vat'].includes(field) ? compactId(raw) : raw;
  }
  agency.email = agency.email.toLowerCase();
  const bad = (key: string, what: string, value: string) => problems.push(`${key} ${what} (reçu « ${value} »)`);
  if (!EMAIL.test(agency.email)) bad('AGENCY_EMAIL', "n'est pas une adresse e-mail valide", agency.email);
  if (!isPhoneNumber(agency.phone)) bad('AGENCY_PHONE', "n'est pas un numéro de téléphone valide", agency.phone);
  if (!isHttpsUrl(agency.bookingUrl)) bad('AGENCY_BOOKING_URL', 'doit être une URL https valide', agency.bookingUrl);
  if (!isHttpsUrl(agency.hostWebsite)) bad('AGENCY_HOST_WEBSITE', 'doit être une URL https valide', agency.hostWebsite);
  if (!isSiren(agency.siren)) bad('AGENCY_SIREN', "n'est pas un SIREN valide (9 chiffres, clé de contrôle)", agency.siren);
  if (!isSiret(agency.siret)) bad('AGENCY_SIRET', "n'est pas un SIRET valide (14 chiffres, clé de contrôle)", agency.siret);
  else if (!agency.siret.startsWith(agency.siren)) bad('AGENCY_SIRET', 'doit commencer par AGENCY_SIREN', agency.siret);
  if (!isFrenchVatFormat(agency.vat))
    bad('AGENCY_VAT', "n'est pas un numéro de TVA français valide (FR, 2 caractères, le SIREN)", agency.vat);
  else if (!vatMatchesSiren(agency.vat, agency.siren)) bad('AGENCY_VAT', 'ne correspond pas à AGENCY_SIREN', agency.vat);
  if (!['standard', 'franchise'].includes(agency.vatRegime))
    bad('AGENCY_VAT_REGIME', 'doit valoir standard ou franchise', agency.vatRegime);
  if (agency.mediatorWebsite && !isHttpsUrl(agency.mediatorWebsite))
    bad('AGENCY_MEDIATOR_WEBSITE', 'doit être une URL https valide', agency.mediatorWebsite);
  if (!['20', '10', '5.5', '2.1'].includes(agency.vatRate)) bad('AGENCY_VAT_RATE', 'doit valoir 20, 10, 5.5 ou 2.1', agency.vatRate);
  return agency;
}

/** An S3 bucket (AWS S3) or an S3-compatible one (MinIO, Scaleway, OVH…), reached through the AWS SDK. */
export interface S3Config {
  /** S3_ENDPOINT: an S3-compatible server's address; absent: AWS S3 in the region */
  endpoint?: string;
  /** S3_PUBLIC_ENDPOINT: the address browsers reach the bucket at, in presigned links (absent: the endpoint) */
  publicEndpoint?: string;
  bucket: string;
  region: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; absent: the SDK's default chain (AWS_* variables, instance role…) */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** S3_FORCE_PATH_STYLE: `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>` */
  forcePathStyle: boolean;
}

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Configuration invalide :\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function readInt(env: Env, key: string, fallback: number, problems: string[], min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${key} doit être un entier entre ${min} et ${max} (reçu « ${raw} »)`);
    return fallback;
  }
  return value;
}

/** A comma-separated list of whole days between 1 and 90 ('' = none), sorted and without duplicates. */
function readDayList(env: Env, key: string, fallback: number[], problems: string[]): number[] {
  const raw = env[key];
  if (raw === undefined) return fallback;
  if (raw.trim() === '') return [];
  const days = raw.split(',').map((d) => Number(d.trim()));
  if (days.some((d) => !Number.isInteger(d) || d < 1 || d > 90)) {
    problems.push(`${key} doit être une liste de jours entre 1 et 90 séparés par des virgules (reçu « ${raw} »)`);
    return fallback;
  }
  return [...new Set(days)].sort((a, b) => a - b);
}

function readUrl(env: Env, key: string, fallback: string | undefined, problems: string[], protocols: string[]): string | undefined {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  try {
    const url = new URL(raw);
    if (!protocols.includes(url.protocol)) throw new Error('protocol');
    return raw;
  } catch {
    problems.push(`${key} doit être une URL ${protocols.map((p) => p.replace(':', '')).join(' ou ')} valide (reçu « ${raw} »)`);
    return fallback;
  }
}

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LogConfig {
  /** LOG_FORMAT: `json` (one JSON object a line, the default in production) or `pretty` (readable lines, elsewhere) */
  format: 'json' | 'pretty';
  /** LOG_LEVEL: the lowest level written (`info` by default, `warn` under NODE_ENV=test) */
  level: LogLevel;
}

/** LOG_FORMAT and LOG_LEVEL, with their defaults for NODE_ENV. */
function readLog(env: Env, nodeEnv: string, problems: string[]): LogConfig {
  const format = env.LOG_FORMAT || (nodeEnv === 'production' ? 'json' : 'pretty');
  if (format !== 'json' && format !== 'pretty') problems.push(`LOG_FORMAT doit valoir json ou pretty (reçu « ${format} »)`);
  const level = env.LOG_LEVEL || (nodeEnv === 'test' ? 'warn' : 'info');
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    problems.push(`LOG_LEVEL doit valoir ${LOG_LEVELS.join(', ')} (reçu « ${level} »)`);
  }
  return {
    format: format === 'pretty' ? 'pretty' : 'json',
    level: (LOG_LEVELS as readonly string[]).includes(level) ? (level as LogLevel) : 'info',
  };
}

/** Reads DATA_DIR/jwt-secret, creating it on first start so restarts keep sessions valid (without DATABASE_URL only). */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Where the database is, and nothing else: what the tools that only fill or read it need (backend/tools/seed.ts). */
export interface DatabaseConfig {
  /** DATABASE_URL, or undefined for the embedded PostgreSQL of DATA_DIR */
  databaseUrl?: string;
  dataDir: string;
  embeddedPostgresPort: number;
}

/**
 * DATABASE_URL, DATA_DIR and EMBEDDED_POSTGRES_PORT, checked as loadConfig checks them. No JWT_SECRET, no
 * ADMIN_PASSWORD: a tool that signs no session and sends no mail has no use for them.
 */
export function loadDatabaseConfig(env: Env = process.env, cwd = process.cwd()): DatabaseConfig {
  const problems: string[] = [];
  const dataDirRaw = env.DATA_DIR || '.data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw);
  const databaseUrl = readUrl(env, 'DATABASE_URL', undefined, problems, ['postgres:', 'postgresql:']);
  const embeddedPostgresPort = readInt(env, 'EMBEDDED_POSTGRES_PORT', 54329, problems, 1024, 65535);
  if (problems.length) throw new ConfigError(problems);
  return { databaseUrl, dataDir, embeddedPostgresPort };
}

/**
 * PASSWORD_HASH_COST: `full` unless the test harness asks for `test-minimum` under NODE_ENV=test. Anywhere else the
 * cheap cost is refused, not ignored: a production started with it would store passwords that are cheap to guess.
 */
function readPasswordHashCost(env: Env, nodeEnv: string, problems: string[]): PasswordHashCost {
  const raw = env.PASSWORD_HASH_COST || 'full';
  if (raw === 'full') return 'full';
  if (raw === 'test-minimum' && nodeEnv === 'test') return 'test-minimum';
  problems.push(
    raw === 'test-minimum'
      ? `PASSWORD_HASH_COST=test-minimum est réservé aux tests (NODE_ENV=test) : retirez-le, les mots de passe se hachent au coût complet`
      : `PASSWORD_HASH_COST doit valoir full${nodeEnv === 'test' ? ' ou test-minimum' : ''} (reçu « ${raw} »)`,
  );
  return 'full';
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): AppConfig {
  const problems: string[] = [];
  const nodeEnvRaw = env.NODE_ENV ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    problems.push(`NODE_ENV doit valoir development, production ou test (reçu « ${nodeEnvRaw} »)`);
  }
  const port = readInt(env, 'PORT', 3000, problems, 0, 65535);
  const dataDirRaw = env.DATA_DIR || '.data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw);
  const databaseUrl = readUrl(env, 'DATABASE_URL', undefined, problems, ['postgres:', 'postgresql:']);
  const appUrl = readUrl(env, 'APP_URL', `http://localhost:${port}`, problems, ['http:', 'https:'])!;
  const corsOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    try {
      new URL(origin);
    } catch {
      problems.push(`CORS_ORIGINS contient une origine invalide : « ${origin} »`);
    }
  }
  const adminEmail = (env.ADMIN_EMAIL || 'admin@example.com').trim().toLowerCase();
  if (!EMAIL.test(adminEmail)) problems.push(`ADMIN_EMAIL n'est pas une adresse e-mail valide (reçu « ${adminEmail} »)`);
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  // Secrets (config/secrets.ts): JWT_SECRET required with DATABASE_URL; in production no placeholder, no documented
  // example, nothing predictable, for it and for ADMIN_PASSWORD.
  const production = nodeEnvRaw === 'production';
  problems.push(...adminPasswordProblems(adminPassword, { production }));
  problems.push(...jwtSecretProblems(env.JWT_SECRET, { production, databaseUrl }));
  const log = readLog(env, nodeEnvRaw, problems);
  const accessTokenTtlSeconds = readInt(env, 'ACCESS_TOKEN_TTL_SECONDS', 900, problems, 30, 86400);
  const refreshTokenTtlDays = readInt(env, 'REFRESH_TOKEN_TTL_DAYS', 30, problems, 1, 365);
  const sessionMaxDays = readInt(env, 'SESSION_MAX_DAYS', 90, problems, 1, 3650);
  const limits = {
    signupPerIp: readInt(env, 'SIGNUP_LIMIT_PER_IP', 20, problems, 1, 1_000_000),
    signupPerEmail: readInt(env, 'SIGNUP_LIMIT_PER_EMAIL', 5, problems, 1, 1_000_000),
    checkoutPerIp: readInt(env, 'CHECKOUT_LIMIT_PER_IP', 30, problems, 1, 1_000_000),
    checkoutPerEmail: readInt(env, 'CHECKOUT_LIMIT_PER_EMAIL', 10, problems, 1, 1_000_000),
    apiKeyPerMinute: readInt(env, 'API_KEY_RATE_LIMIT_PER_MINUTE', 300, problems, 1, 1_000_000),
  };
  const firstLoginTokenTtlHours = readInt(env, 'FIRST_LOGIN_TOKEN_TTL_HOURS', 72, problems, 1, 24 * 30);
  const embeddedPostgresPort = readInt(env, 'EMBEDDED_POSTGRES_PORT', 54329, problems, 1024, 65535);
  const maxFailures = readInt(env, 'LOGIN_MAX_FAILURES', 5, problems, 1, 100);
  const lockMinutes = readInt(env, 'LOGIN_LOCK_MINUTES', 15, problems, 1, 24 * 60);
  const passwordHashCost = readPasswordHashCost(env, nodeEnvRaw, problems);

  const smtpUrl = readUrl(env, 'SMTP_URL', undefined, problems, ['smtp:', 'smtps:']);
  const mailFrom = env.MAIL_FROM || 'Vitrine <bonjour@vitrine.example>';
  if (!/^(.+<[^\s@]+@[^\s@]+\.[^\s@]+>|[^\s@]+@[^\s@]+\.[^\s@]+)$/.test(mailFrom.trim())) {
    problems.push(`MAIL_FROM doit être une adresse e-mail, éventuellement « Nom <adresse> » (reçu « ${mailFrom} »)`);
  }
  const teamEmail = (env.TEAM_EMAIL || 'equipe@vitrine.example').trim().toLowerCase();
  if (!EMAIL.test(teamEmail)) problems.push(`TEAM_EMAIL n'est pas une adresse e-mail valide (reçu « ${teamEmail} »)`);
  const pollIntervalMs = readInt(env, 'MAIL_POLL_INTERVAL_MS', 1000, problems, 50, 600_000);
  const maxAttempts = readInt(env, 'MAIL_MAX_ATTEMPTS', 6, problems, 1, 50);
  const retryBaseSeconds = readInt(env, 'MAIL_RETRY_BASE_SECONDS', 30, problems, 1, 3600);
  const passwordResetTtlMinutes = readInt(env, 'PASSWORD_RESET_TTL_MINUTES', 30, problems, 5, 24 * 60);

  const stripeSecretKey = env.STRIPE_SECRET_KEY || undefined;
  if (stripeSecretKey && !/^(sk|rk)_(test|live)_/.test(stripeSecretKey))
    problems.push('STRIPE_SECRET_KEY doit commencer par sk_test_, sk_live_, rk_test_ ou rk_live_');
  const stripePublishableKey = env.STRIPE_PUBLISHABLE_KEY || undefined;
  if (stripePublishableKey && !/^pk_(test|live)_/.test(stripePublishableKey))
    problems.push('STRIPE_PUBLISHABLE_KEY doit commencer par pk_test_ ou pk_live_');
  const stripeWebhookSecret = env.STRIPE_WEBHOOK_SECRET || undefined;
  if (stripeWebhookSecret && !stripeWebhookSecret.startsWith('whsec_')) problems.push('STRIPE_WEBHOOK_SECRET doit commencer par whsec_');
  if (stripeSecretKey && !stripeWebhookSecret && !env.STRIPE_API_URL) {
    problems.push('STRIPE_WEBHOOK_SECRET est requis avec STRIPE_SECRET_KEY (secret de signature des webhooks, whsec_…)');
  }
  const stripeApiUrl = readUrl(env, 'STRIPE_API_URL', undefined, problems, ['http:', 'https:']);
  const stripeTimeoutMs = readInt(env, 'STRIPE_TIMEOUT_MS', 10_000, problems, 100, 120_000);
  const paymentMethodsRaw = (env.STRIPE_PAYMENT_METHODS ?? 'card,sepa_debit')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  const stripePaymentMethods = [...new Set(paymentMethodsRaw)].filter(
    (m): m is 'card' | 'sepa_debit' => m === 'card' || m === 'sepa_debit',
  );
  if (stripePaymentMethods.length !== new Set(paymentMethodsRaw).size || !stripePaymentMethods.includes('card'))
    problems.push(`STRIPE_PAYMENT_METHODS doit valoir card ou card,sepa_debit (reçu « ${env.STRIPE_PAYMENT_METHODS} »)`);
  const testClocksRaw = env.STRIPE_TEST_CLOCKS ?? '';
  if (!['', 'true', 'false'].includes(testClocksRaw))
    problems.push(`STRIPE_TEST_CLOCKS doit valoir true ou false (reçu « ${testClocksRaw} »)`);
  else if (testClocksRaw === 'true' && stripeSecretKey && /^(sk|rk)_live_/.test(stripeSecretKey))
    problems.push(
      'STRIPE_TEST_CLOCKS=true est réservé au mode test de Stripe : retirez-le avec une clé live (sk_live_…), les horloges de test n’existent pas en production',
    );
  const webhookRetryBaseSeconds = readInt(env, 'WEBHOOK_RETRY_BASE_SECONDS', 5, problems, 1, 3600);
  const webhookMaxAttempts = readInt(env, 'WEBHOOK_MAX_ATTEMPTS', 20, problems, 1, 100);
  const webhookPollIntervalMs = readInt(env, 'WEBHOOK_POLL_INTERVAL_MS', 1000, problems, 50, 600_000);
  const shutdownGraceMs = readInt(env, 'SHUTDOWN_GRACE_MS', 0, problems, 0, 120_000);
  const shutdownTimeoutMs = readInt(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, problems, 100, 600_000);
  const jobLeaseSeconds = readInt(env, 'JOB_LEASE_SECONDS', 60, problems, 1, 3600);

  const allowPrivateRaw = env.WEBHOOKS_ALLOW_PRIVATE_URLS ?? '';
  if (!['', 'true', 'false'].includes(allowPrivateRaw))
    problems.push(`WEBHOOKS_ALLOW_PRIVATE_URLS doit valoir true ou false (reçu « ${allowPrivateRaw} »)`);
  else if (allowPrivateRaw === 'true' && production)
    problems.push(
      'WEBHOOKS_ALLOW_PRIVATE_URLS=true est réservé au développement et aux tests : en production, les webhooks ne visent que des adresses https publiques',
    );
  const outboundWebhookTimeoutMs = readInt(env, 'WEBHOOKS_TIMEOUT_MS', 10_000, problems, 100, 60_000);
  const uptime = readUptime(env, production, problems);

  const draftTtlDays = readInt(env, 'ORDER_DRAFT_TTL_DAYS', 30, problems, 1, 365);
  const photoMaxMegapixels = readInt(env, 'PHOTO_MAX_MEGAPIXELS', 40, problems, 1, 250);
  const paymentReminderDays = readDayList(env, 'PAYMENT_REMINDER_DAYS', [3, 7], problems);
  const s3 = readS3(env, problems);
  const agency = readAgency(env, problems);
  const monitoring = readMonitoring(env, production, problems);

  if (problems.length) throw new ConfigError(problems);

  const frontendDistRaw = env.FRONTEND_DIST || resolve(__dirname, '../../../frontend/dist');
  const frontendDist = existsSync(join(frontendDistRaw, 'index.html')) ? frontendDistRaw : undefined;

  return {
    nodeEnv: nodeEnvRaw as AppConfig['nodeEnv'],
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    embeddedPostgresPort,
    jwtSecret: env.JWT_SECRET || persistentSecret(dataDir),
    accessTokenTtlSeconds,
    refreshTokenTtlDays,
    sessionMaxDays,
    firstLoginTokenTtlHours,
    appUrl: appUrl.replace(/\/$/, ''),
    corsOrigins,
    adminEmail,
    adminPassword,
    frontendDist,
    login: { maxFailures, lockMinutes },
    passwordHashCost,
    limits,
    mail: {
      smtpUrl,
      from: mailFrom.trim(),
      teamEmail,
      pollIntervalMs,
      maxAttempts,
      retryBaseSeconds,
      workerEnabled: env.MAIL_WORKER !== 'off',
    },
    passwordResetTtlMinutes,
    stripe: {
      secretKey: stripeSecretKey,
      publishableKey: stripePublishableKey,
      webhookSecret: stripeWebhookSecret ?? 'whsec_sandbox',
      apiUrl: stripeApiUrl,
      timeoutMs: stripeTimeoutMs,
      paymentMethods: stripePaymentMethods,
      testClocks: testClocksRaw === 'true',
    },
    shutdown: { graceMs: shutdownGraceMs, timeoutMs: shutdownTimeoutMs },
    log,
    jobs: { leaseSeconds: jobLeaseSeconds },
    webhooks: { retryBaseSeconds: webhookRetryBaseSeconds, maxAttempts: webhookMaxAttempts, pollIntervalMs: webhookPollIntervalMs },
    outboundWebhooks: { allowPrivateUrls: allowPrivateRaw === 'true', timeoutMs: outboundWebhookTimeoutMs },
    uptime,
    billing: { paymentReminderDays },
    orders: { draftTtlDays, photoMaxMegapixels },
    storage: { uploadsDir: join(dataDir, 'uploads'), s3 },
    agency,
    monitoring,
  };
}

/** UPTIME_*: the uptime watch; private addresses never in production (as WEBHOOKS_ALLOW_PRIVATE_URLS). */
function readUptime(env: Env, production: boolean, problems: string[]): AppConfig['uptime'] {
  const allowRaw = env.UPTIME_ALLOW_PRIVATE_ADDRESSES ?? '';
  if (!['', 'true', 'false'].includes(allowRaw))
    problems.push(`UPTIME_ALLOW_PRIVATE_ADDRESSES doit valoir true ou false (reçu « ${allowRaw} »)`);
  else if (allowRaw === 'true' && production)
    problems.push(
      'UPTIME_ALLOW_PRIVATE_ADDRESSES=true est réservé au développement et aux tests : en production, la surveillance ne vise que des adresses publiques',
    );
  return {
    allowPrivateAddresses: allowRaw === 'true',
    timeoutMs: readInt(env, 'UPTIME_TIMEOUT_MS', 10_000, problems, 100, 30_000),
    concurrency: readInt(env, 'UPTIME_CONCURRENCY', 10, problems, 1, 100),
    clientAlertMinutes: readInt(env, 'UPTIME_CLIENT_ALERT_MINUTES', 15, problems, 1, 1440),
  };
}

/** METRICS_TOKEN (checked like a secret: config/secrets.ts) and the commit running, GIT_COMMIT or else SOURCE_COMMIT. */
function readMonitoring(env: Env, production: boolean, problems: string[]): MonitoringConfig {
  const metricsToken = env.METRICS_TOKEN || undefined;
  problems.push(...metricsTokenProblems(metricsToken, { production }));
  const commitKey = env.GIT_COMMIT ? 'GIT_COMMIT' : 'SOURCE_COMMIT';
  const commit = env[commitKey]?.trim() || undefined;
  if (commit && !/^[A-Za-z0-9._/+-]{1,100}$/.test(commit))
    problems.push(
      `${commitKey} doit être un identifiant de commit (lettres, chiffres, . _ / + -, 100 caractères au plus ; reçu « ${commit} »)`,
    );
  return { metricsToken, commit };
}

const S3_KEYS = [
  'S3_ENDPOINT',
  'S3_PUBLIC_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/**
 * None of the S3 variables: local disk. Any of them: S3_BUCKET and S3_REGION are required; S3_ENDPOINT names an
 * S3-compatible server (absent: AWS S3); S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together, and without them the
 * SDK finds credentials itself (AWS_* variables, shared files, container or instance role, web identity);
 * S3_FORCE_PATH_STYLE is true by default with an endpoint (what MinIO and most compatible servers expect), false
 * without (AWS's virtual-hosted addresses).
 */
function readS3(env: Env, problems: string[]): S3Config | undefined {
  const given = S3_KEYS.filter((key) => env[key]);
  if (given.length === 0) return undefined;
  const missing = (['S3_BUCKET', 'S3_REGION'] as const).filter((key) => !env[key]);
  if (missing.length) {
    problems.push(
      `Stockage S3 incomplet : ${missing.join(', ')} ${missing.length > 1 ? 'sont requis' : 'est requis'} avec ${given.join(', ')}`,
    );
    return undefined;
  }
  const endpoint = readUrl(env, 'S3_ENDPOINT', undefined, problems, ['http:', 'https:']);
  const publicEndpoint = readUrl(env, 'S3_PUBLIC_ENDPOINT', undefined, problems, ['http:', 'https:']);
  const bucket = env.S3_BUCKET!;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) problems.push(`S3_BUCKET n'est pas un nom de bucket valide (reçu « ${bucket} »)`);
  const region = env.S3_REGION!;
  if (!/^[a-z0-9-]{1,40}$/.test(region)) problems.push(`S3_REGION n'est pas une région valide (reçu « ${region} »)`);
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!accessKeyId !== !secretAccessKey) {
    problems.push(
      "S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble (sans l'un ni l'autre, les identifiants viennent de l'environnement AWS ou du rôle de l'instance)",
    );
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE;
  if (pathStyle && pathStyle !== 'true' && pathStyle !== 'false')
    problems.push(`S3_FORCE_PATH_STYLE doit valoir true ou false (reçu « ${pathStyle} »)`);
  const trim = (url: string | undefined) => url?.replace(/\/+$/, '');
  return {
    endpoint: trim(endpoint),
    publicEndpoint: trim(publicEndpoint),
    bucket,
    region,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: pathStyle ? pathStyle === 'true' : endpoint !== undefined,
  };
}

/**
 * The origins a browser may call the API from with its cookies: APP_URL's and CORS_ORIGINS'; in development also
 * Vite's dev and preview servers, which proxy /api and forward the page's Origin.
 */
export function allowedOrigins(config: Pick<AppConfig, 'appUrl' | 'corsOrigins' | 'nodeEnv'>): Set<string> {
  const dev = config.nodeEnv === 'development' ? ['http://localhost:5173', 'http://localhost:4173'] : [];
  return new Set([config.appUrl, ...config.corsOrigins, ...dev].map((o) => new URL(o).origin));
}

export const APP_CONFIG = Symbol('APP_CONFIG');
