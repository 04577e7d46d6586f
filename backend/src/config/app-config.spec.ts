import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allowedOrigins, ConfigError, loadConfig } from './app-config';

const tempDir = () => mkdtempSync(join(tmpdir(), 'vitrine-config-'));

describe('loadConfig', () => {
  it('runs on embedded defaults', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      dataDir: dir,
      databaseUrl: undefined,
      appUrl: 'http://localhost:3000',
      adminEmail: 'admin@example.com',
      accessTokenTtlSeconds: 900,
    });
  });

  it('generates a JWT secret once and keeps it in DATA_DIR, so restarts keep sessions', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
  });

  it('resolves DATA_DIR against the working directory', () => {
    const cwd = tempDir();
    expect(loadConfig({ DATA_DIR: 'state' }, cwd).dataDir).toBe(join(cwd, 'state'));
  });

  it('stops the start with every problem listed in French', () => {
    const env = {
      DATA_DIR: tempDir(),
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      JWT_SECRET: 'short',
      ADMIN_EMAIL: 'nope',
      CORS_ORIGINS: 'not a url',
    };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (e) {
      const message = (e as Error).message;
      expect(message).toMatch(/^Configuration invalide :/);
      expect(message).toContain('PORT doit être un entier entre 0 et 65535 (reçu « abc »)');
      expect(message).toContain('DATABASE_URL doit être une URL postgres ou postgresql valide');
      expect(message).toContain('JWT_SECRET doit contenir au moins 32 caractères');
      expect(message).toContain("ADMIN_EMAIL n'est pas une adresse e-mail valide");
      expect(message).toContain('CORS_ORIGINS contient une origine invalide');
    }
  });

  it('takes the real services from the environment', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/vitrine',
      JWT_SECRET: 'x'.repeat(40),
      APP_URL: 'https://vitrine.example/',
      CORS_ORIGINS: 'https://admin.vitrine.example, https://www.vitrine.example',
      ADMIN_EMAIL: 'Boss@Vitrine.example',
      ADMIN_PASSWORD: 'long-enough',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u:p@db:5432/vitrine',
      jwtSecret: 'x'.repeat(40),
      appUrl: 'https://vitrine.example',
      corsOrigins: ['https://admin.vitrine.example', 'https://www.vitrine.example'],
      adminEmail: 'boss@vitrine.example',
      adminPassword: 'long-enough',
    });
  });

  it("takes the agency's identity from AGENCY_*, with placeholders by default, checked as the admin's form checks it", () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).agency).toMatchObject({
      name: 'Vitrine',
      legalName: 'Vitrine SAS',
      siren: '912345675',
      siret: '91234567500017',
      vat: 'FR65912345675',
      phone: '01 99 00 24 24',
      bookingUrl: 'https://calendly.com/vitrine-agence/appel-30-minutes',
    });
    expect(
      loadConfig({
        DATA_DIR: dir,
        AGENCY_NAME: ' Atelier Nord ',
        AGENCY_EMAIL: 'Bonjour@Atelier-Nord.fr',
        AGENCY_SIREN: '732 829 320',
        AGENCY_SIRET: '732 829 320 00074',
        AGENCY_VAT: 'FR 44 732 829 320',
      }).agency,
    ).toMatchObject({
      name: 'Atelier Nord',
      email: 'bonjour@atelier-nord.fr',
      siren: '732829320',
      siret: '73282932000074',
      vat: 'FR44732829320',
    });
    expect(() =>
      loadConfig({
        DATA_DIR: dir,
        AGENCY_EMAIL: 'bonjour',
        AGENCY_PHONE: 'non',
        AGENCY_BOOKING_URL: 'http://calendly.com/x',
        AGENCY_SIRET: '91234567500018',
        AGENCY_VAT: 'FR12912345675',
      }),
    ).toThrow(
      /AGENCY_EMAIL n'est pas une adresse e-mail valide[\s\S]*AGENCY_PHONE n'est pas un numéro de téléphone valide[\s\S]*AGENCY_BOOKING_URL doit être une URL https valide[\s\S]*AGENCY_SIRET n'est pas un SIRET valide \(14 chiffres, clé de contrôle\) \(reçu « 91234567500018 »\)[\s\S]*AGENCY_VAT ne correspond pas à AGENCY_SIREN/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, AGENCY_SIREN: '732829320' })).toThrow(/AGENCY_SIRET doit commencer par AGENCY_SIREN/);
  });

  it('reads the Stripe API base URL from STRIPE_API_URL and fills in no key of its own', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).stripe).toEqual({ webhookSecret: 'whsec_sandbox', timeoutMs: 10_000 });
    const other = loadConfig({ DATA_DIR: dir, STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_API_URL: 'http://127.0.0.1:12111' });
    expect(other.stripe).toEqual({
      secretKey: 'sk_test_123',
      webhookSecret: 'whsec_sandbox',
      apiUrl: 'http://127.0.0.1:12111',
      timeoutMs: 10_000,
    });
    expect(() => loadConfig({ DATA_DIR: dir, STRIPE_API_URL: 'ftp://stripe.example' })).toThrow(
      'STRIPE_API_URL doit être une URL http ou https valide',
    );
    expect(() => loadConfig({ DATA_DIR: dir, STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(
      'STRIPE_WEBHOOK_SECRET est requis avec STRIPE_SECRET_KEY',
    );
  });

  it('bounds Stripe calls and the shutdown: 10 s each by default, no grace, out-of-range values refused in French', () => {
    const dir = tempDir();
    const defaults = loadConfig({ DATA_DIR: dir });
    expect(defaults.shutdown).toEqual({ graceMs: 0, timeoutMs: 10_000 });
    const set = loadConfig({ DATA_DIR: dir, SHUTDOWN_GRACE_MS: '5000', SHUTDOWN_TIMEOUT_MS: '30000', STRIPE_TIMEOUT_MS: '3000' });
    expect(set.shutdown).toEqual({ graceMs: 5000, timeoutMs: 30_000 });
    expect(set.stripe.timeoutMs).toBe(3000);
    expect(() => loadConfig({ DATA_DIR: dir, SHUTDOWN_TIMEOUT_MS: '0', STRIPE_TIMEOUT_MS: 'vite' })).toThrow(
      /STRIPE_TIMEOUT_MS doit être un entier entre 100 et 120000 \(reçu « vite »\)[\s\S]*SHUTDOWN_TIMEOUT_MS doit être un entier entre 100 et 600000 \(reçu « 0 »\)/,
    );
  });

  it('keeps order drafts 30 days and photos on local disk by default', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.orders).toEqual({ draftTtlDays: 30, photoMaxMegapixels: 40 });
    expect(loadConfig({ DATA_DIR: dir, PHOTO_MAX_MEGAPIXELS: '12' }).orders.photoMaxMegapixels).toBe(12);
    expect(() => loadConfig({ DATA_DIR: dir, PHOTO_MAX_MEGAPIXELS: '0' })).toThrow(
      'PHOTO_MAX_MEGAPIXELS doit être un entier entre 1 et 250 (reçu « 0 »)',
    );
    expect(config.storage).toEqual({ uploadsDir: join(dir, 'uploads'), s3: undefined });
    expect(loadConfig({ DATA_DIR: dir, ORDER_DRAFT_TTL_DAYS: '7' }).orders.draftTtlDays).toBe(7);
    expect(() => loadConfig({ DATA_DIR: dir, ORDER_DRAFT_TTL_DAYS: '0' })).toThrow(
      'ORDER_DRAFT_TTL_DAYS doit être un entier entre 1 et 365 (reçu « 0 »)',
    );
  });

  it('stores photos in an S3 bucket when S3 variables are set: bucket and region required, path-style with an endpoint', () => {
    const dir = tempDir();
    const s3 = {
      S3_ENDPOINT: 'http://minio:9000/',
      S3_BUCKET: 'vitrine-photos',
      S3_ACCESS_KEY_ID: 'vitrine',
      S3_SECRET_ACCESS_KEY: 'secret-key',
      S3_REGION: 'us-east-1',
    };
    expect(loadConfig({ DATA_DIR: dir, ...s3 }).storage.s3).toEqual({
      endpoint: 'http://minio:9000',
      publicEndpoint: undefined,
      bucket: 'vitrine-photos',
      region: 'us-east-1',
      credentials: { accessKeyId: 'vitrine', secretAccessKey: 'secret-key' },
      forcePathStyle: true,
    });
    // Browsers reach the bucket at another address; virtual-hosted addressing asked for.
    expect(
      loadConfig({ DATA_DIR: dir, ...s3, S3_PUBLIC_ENDPOINT: 'https://photos.vitrine.example/', S3_FORCE_PATH_STYLE: 'false' }).storage.s3,
    ).toMatchObject({ endpoint: 'http://minio:9000', publicEndpoint: 'https://photos.vitrine.example', forcePathStyle: false });
    // AWS S3 itself, credentials from the SDK's default chain (AWS_* variables, instance role): virtual-hosted.
    expect(loadConfig({ DATA_DIR: dir, S3_BUCKET: 'vitrine-photos', S3_REGION: 'eu-west-3' }).storage.s3).toEqual({
      endpoint: undefined,
      publicEndpoint: undefined,
      bucket: 'vitrine-photos',
      region: 'eu-west-3',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(
      loadConfig({ DATA_DIR: dir, S3_BUCKET: 'vitrine-photos', S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: 'true' }).storage.s3,
    ).toMatchObject({ forcePathStyle: true });
  });

  it('says what is missing or wrong in the S3 variables', () => {
    const dir = tempDir();
    const s3 = { S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'vitrine-photos', S3_REGION: 'us-east-1' };
    expect(() => loadConfig({ DATA_DIR: dir, S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'vitrine' })).toThrow(
      'Stockage S3 incomplet : S3_BUCKET, S3_REGION sont requis avec S3_ENDPOINT, S3_ACCESS_KEY_ID',
    );
    expect(() => loadConfig({ DATA_DIR: dir, S3_BUCKET: 'vitrine-photos' })).toThrow(
      'Stockage S3 incomplet : S3_REGION est requis avec S3_BUCKET',
    );
    for (const half of [{ S3_ACCESS_KEY_ID: 'vitrine' }, { S3_SECRET_ACCESS_KEY: 'secret-key' }]) {
      expect(() => loadConfig({ DATA_DIR: dir, ...s3, ...half })).toThrow(
        "S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble (sans l'un ni l'autre, les identifiants viennent de l'environnement AWS ou du rôle de l'instance)",
      );
    }
    expect(() =>
      loadConfig({
        DATA_DIR: dir,
        ...s3,
        S3_ENDPOINT: 'minio:9000',
        S3_PUBLIC_ENDPOINT: 'ftp://photos',
        S3_BUCKET: 'Bad_Bucket',
        S3_REGION: 'Europe (Paris)',
        S3_FORCE_PATH_STYLE: 'yes',
      }),
    ).toThrow(
      /S3_ENDPOINT doit être une URL http ou https valide[\s\S]*S3_PUBLIC_ENDPOINT doit être une URL http ou https valide[\s\S]*S3_BUCKET n'est pas un nom de bucket valide[\s\S]*S3_REGION n'est pas une région valide[\s\S]*S3_FORCE_PATH_STYLE doit valoir true ou false \(reçu « yes »\)/,
    );
  });

  it('ends sessions after SESSION_MAX_DAYS (90 by default) and refuses a value out of range', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).sessionMaxDays).toBe(90);
    expect(loadConfig({ DATA_DIR: tempDir(), SESSION_MAX_DAYS: '30' }).sessionMaxDays).toBe(30);
    expect(() => loadConfig({ DATA_DIR: tempDir(), SESSION_MAX_DAYS: '0' })).toThrow(
      'SESSION_MAX_DAYS doit être un entier entre 1 et 3650 (reçu « 0 »)',
    );
  });

  it('limits sign-ups and payments per hour, per IP and per e-mail, with configurable values', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).limits).toEqual({
      signupPerIp: 20,
      signupPerEmail: 5,
      checkoutPerIp: 30,
      checkoutPerEmail: 10,
    });
    expect(loadConfig({ DATA_DIR: tempDir(), SIGNUP_LIMIT_PER_IP: '500', CHECKOUT_LIMIT_PER_EMAIL: '2' }).limits).toMatchObject({
      signupPerIp: 500,
      checkoutPerEmail: 2,
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), CHECKOUT_LIMIT_PER_IP: 'many' })).toThrow('CHECKOUT_LIMIT_PER_IP doit être un entier');
  });

  it("allows the app's own origin and CORS_ORIGINS, plus the Vite servers in development only", () => {
    const base = { appUrl: 'https://vitrine.example', corsOrigins: ['https://admin.vitrine.example/'] };
    expect([...allowedOrigins({ ...base, nodeEnv: 'production' })]).toEqual(['https://vitrine.example', 'https://admin.vitrine.example']);
    expect(allowedOrigins({ ...base, nodeEnv: 'development' }).has('http://localhost:5173')).toBe(true);
  });
});
