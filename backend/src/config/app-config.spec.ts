import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

  it('allows private webhook URLs only off production, when asked', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).outboundWebhooks).toEqual({ allowPrivateUrls: false, timeoutMs: 10_000 });
    expect(loadConfig({ DATA_DIR: tempDir(), WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' }).outboundWebhooks.allowPrivateUrls).toBe(true);
    expect(() =>
      loadConfig({
        DATA_DIR: tempDir(),
        NODE_ENV: 'production',
        JWT_SECRET: 'k8Zq2Lm9Xw4Rt7Vb1Nc6Hy3Pd5Fs0Gj8',
        WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
      }),
    ).toThrow(/WEBHOOKS_ALLOW_PRIVATE_URLS=true est réservé au développement et aux tests/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), WEBHOOKS_ALLOW_PRIVATE_URLS: 'oui' })).toThrow(
      /WEBHOOKS_ALLOW_PRIVATE_URLS doit valoir true ou false/,
    );
  });

  it('lets the uptime watch reach private addresses only off production, when asked', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).uptime).toEqual({
      allowPrivateAddresses: false,
      timeoutMs: 10_000,
      concurrency: 10,
      clientAlertMinutes: 15,
    });
    expect(
      loadConfig({ DATA_DIR: tempDir(), UPTIME_ALLOW_PRIVATE_ADDRESSES: 'true', UPTIME_CLIENT_ALERT_MINUTES: '5' }).uptime,
    ).toMatchObject({
      allowPrivateAddresses: true,
      clientAlertMinutes: 5,
    });
    expect(() =>
      loadConfig({
        DATA_DIR: tempDir(),
        NODE_ENV: 'production',
        JWT_SECRET: 'k8Zq2Lm9Xw4Rt7Vb1Nc6Hy3Pd5Fs0Gj8',
        UPTIME_ALLOW_PRIVATE_ADDRESSES: 'true',
      }),
    ).toThrow(/UPTIME_ALLOW_PRIVATE_ADDRESSES=true est réservé au développement et aux tests/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), UPTIME_CLIENT_ALERT_MINUTES: '0' })).toThrow(/UPTIME_CLIENT_ALERT_MINUTES/);
  });

  it('puts new Checkout customers on test clocks only when asked, and never with a live key', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).stripe.testClocks).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), STRIPE_TEST_CLOCKS: 'true' }).stripe.testClocks).toBe(true);
    const test = { DATA_DIR: tempDir(), STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_TEST_CLOCKS: 'true' };
    expect(loadConfig(test).stripe.testClocks).toBe(true);
    expect(() => loadConfig({ ...test, STRIPE_SECRET_KEY: 'sk_live_abc' })).toThrow(
      /STRIPE_TEST_CLOCKS=true est réservé au mode test de Stripe : retirez-le avec une clé live/,
    );
    expect(() => loadConfig({ ...test, STRIPE_SECRET_KEY: 'rk_live_abc' })).toThrow(/STRIPE_TEST_CLOCKS=true est réservé/);
    expect(loadConfig({ ...test, STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_TEST_CLOCKS: 'false' }).stripe.testClocks).toBe(false);
    expect(() => loadConfig({ DATA_DIR: tempDir(), STRIPE_TEST_CLOCKS: 'oui' })).toThrow(/STRIPE_TEST_CLOCKS doit valoir true ou false/);
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
    expect(loadConfig({ DATA_DIR: dir }).stripe).toEqual({
      webhookSecret: 'whsec_sandbox',
      timeoutMs: 10_000,
      paymentMethods: ['card', 'sepa_debit'],
      testClocks: false,
    });
    const other = loadConfig({ DATA_DIR: dir, STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_API_URL: 'http://127.0.0.1:12111' });
    expect(other.stripe).toEqual({
      secretKey: 'sk_test_123',
      webhookSecret: 'whsec_sandbox',
      apiUrl: 'http://127.0.0.1:12111',
      timeoutMs: 10_000,
      paymentMethods: ['card', 'sepa_debit'],
      testClocks: false,
    });
    expect(loadConfig({ DATA_DIR: dir, STRIPE_PAYMENT_METHODS: 'card' }).stripe.paymentMethods).toEqual(['card']);
    expect(() => loadConfig({ DATA_DIR: dir, STRIPE_PAYMENT_METHODS: 'sepa_debit,ideal' })).toThrow(/STRIPE_PAYMENT_METHODS doit valoir/);
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
      apiKeyPerMinute: 300,
    });
    expect(
      loadConfig({ DATA_DIR: tempDir(), SIGNUP_LIMIT_PER_IP: '500', CHECKOUT_LIMIT_PER_EMAIL: '2', API_KEY_RATE_LIMIT_PER_MINUTE: '60' })
        .limits,
    ).toMatchObject({
      signupPerIp: 500,
      checkoutPerEmail: 2,
      apiKeyPerMinute: 60,
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), CHECKOUT_LIMIT_PER_IP: 'many' })).toThrow('CHECKOUT_LIMIT_PER_IP doit être un entier');
  });

  it("allows the app's own origin and CORS_ORIGINS, plus the Vite servers in development only", () => {
    const base = { appUrl: 'https://vitrine.example', corsOrigins: ['https://admin.vitrine.example/'] };
    expect([...allowedOrigins({ ...base, nodeEnv: 'production' })]).toEqual(['https://vitrine.example', 'https://admin.vitrine.example']);
    expect(allowedOrigins({ ...base, nodeEnv: 'development' }).has('http://localhost:5173')).toBe(true);
  });
});

describe('loadConfig: secrets shared by every instance, and no placeholder in production', () => {
  const refusal = (env: Record<string, string>): string => {
    try {
      loadConfig({ DATA_DIR: tempDir(), ...env });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as Error).message;
    }
    throw new Error('accepted');
  };
  const RANDOM_SECRET = 'q3J0v9Xb2mZ7rT1kLw8yN4cF6hP5sD0aGe2uVx9iQo7KjR3t';
  const DATABASE_URL = 'postgres://u:p@db:5432/vitrine';

  it('refuses DATABASE_URL without JWT_SECRET, whatever NODE_ENV: each instance would sign and seal with its own', () => {
    for (const NODE_ENV of ['development', 'production', 'test']) {
      const message = refusal({ NODE_ENV, DATABASE_URL });
      expect(message).toContain('JWT_SECRET est requis avec DATABASE_URL');
      expect(message).toContain('openssl rand -base64 48');
      expect(message).toContain('donnez le même à toutes les instances');
    }
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL, JWT_SECRET: RANDOM_SECRET }).jwtSecret).toBe(RANDOM_SECRET);
    // Nothing written in DATA_DIR then: the secret is the environment's.
    const dir = tempDir();
    loadConfig({ DATA_DIR: dir, DATABASE_URL, JWT_SECRET: RANDOM_SECRET });
    expect(existsSync(join(dir, 'jwt-secret'))).toBe(false);
  });

  it('keeps generating the secret in DATA_DIR on the embedded database, in production too (one instance)', () => {
    const dir = tempDir();
    const { jwtSecret } = loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' });
    expect(jwtSecret).toBe(readFileSync(join(dir, 'jwt-secret'), 'utf8'));
  });

  it.each([
    ['the compose file’s old default', 'change-me-to-a-long-random-secret-of-at-least-32-chars'],
    ['anything with change-me', 'prod-CHANGE-ME-9f8e7d6c5b4a39281706f5e4d3c2b1a0'],
    ['an example', 'example-secret-for-the-readme-0123456789abcdefgh'],
    ['one character repeated', 'x'.repeat(48)],
    ['a short pattern repeated', 'abc123'.repeat(8)],
    ['too few different characters', 'ab12ab21ba12ba21ab12ab21ba12ba21ab12'],
  ])('refuses in production a JWT_SECRET that is %s', (_name, JWT_SECRET) => {
    const message = refusal({ NODE_ENV: 'production', JWT_SECRET });
    expect(message).toContain(
      "JWT_SECRET est une valeur d'exemple ou trop prévisible : en production, donnez un secret aléatoire (openssl rand -base64 48)",
    );
    // Outside production it is only a warning sign, not a stop (tests and demos use fixed secrets).
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'development', JWT_SECRET }).jwtSecret).toBe(JWT_SECRET);
  });

  it('refuses a JWT_SECRET shorter than 32 characters everywhere, saying how to make one', () => {
    for (const NODE_ENV of ['development', 'production']) {
      expect(refusal({ NODE_ENV, JWT_SECRET: 'Zx8#kq2!Lm9$Tv4' })).toContain(
        'JWT_SECRET doit contenir au moins 32 caractères (générez-en un avec openssl rand -base64 48)',
      );
    }
  });

  it("hashes passwords at the full cost unless the test harness asks for argon2's smallest, which only NODE_ENV=test accepts", () => {
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', JWT_SECRET: RANDOM_SECRET }).passwordHashCost).toBe('full');
    expect(loadConfig({ DATA_DIR: tempDir() }).passwordHashCost).toBe('full');
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test', PASSWORD_HASH_COST: 'test-minimum' }).passwordHashCost).toBe('test-minimum');
    for (const NODE_ENV of ['production', 'development'])
      expect(refusal({ NODE_ENV, JWT_SECRET: RANDOM_SECRET, PASSWORD_HASH_COST: 'test-minimum' })).toContain(
        'PASSWORD_HASH_COST=test-minimum est réservé aux tests (NODE_ENV=test)',
      );
    expect(refusal({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'cheap' })).toContain(
      'PASSWORD_HASH_COST doit valoir full ou test-minimum (reçu « cheap »)',
    );
  });

  it('accepts in production a random JWT_SECRET and a strong ADMIN_PASSWORD', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      NODE_ENV: 'production',
      DATABASE_URL,
      JWT_SECRET: RANDOM_SECRET,
      ADMIN_PASSWORD: 'Tilleul-Pivoine-42-Ocre',
    });
    expect(config).toMatchObject({ jwtSecret: RANDOM_SECRET, adminPassword: 'Tilleul-Pivoine-42-Ocre' });
    // 32 hexadecimal characters (openssl rand -hex 16) are random enough.
    expect(
      loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', JWT_SECRET: '9f86d081884c7d659a2feaa0c55ad015' }).jwtSecret,
    ).toHaveLength(32);
  });

  it.each([
    ['the compose file’s old default', 'change-me-please'],
    ['shorter than 12 characters', 'Tilleul-42!'],
    ['a placeholder', 'ChangeMe-2026-admin'],
    ['one character repeated', 'aaaaaaaaaaaaaaaa'],
  ])('refuses in production an ADMIN_PASSWORD that is %s', (_name, ADMIN_PASSWORD) => {
    const message = refusal({ NODE_ENV: 'production', ADMIN_PASSWORD });
    expect(message).toContain(
      "ADMIN_PASSWORD est une valeur d'exemple, trop courte ou trop prévisible : en production, choisissez un mot de passe d'au moins 12 caractères",
    );
    expect(message).not.toContain(ADMIN_PASSWORD);
  });

  it('refuses in production every JWT_SECRET and ADMIN_PASSWORD example written in the README, the docs and the compose file', () => {
    const root = join(__dirname, '../../..');
    const examples = { JWT_SECRET: new Set<string>(), ADMIN_PASSWORD: new Set<string>() };
    const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md'));
    for (const file of ['README.md', 'docker-compose.yml', '.env.example', ...docs.map((doc) => join('docs', doc))]) {
      if (!existsSync(join(root, file))) continue;
      const text = readFileSync(join(root, file), 'utf8');
      for (const key of ['JWT_SECRET', 'ADMIN_PASSWORD'] as const) {
        // KEY=value, KEY: value, ${KEY:-value}; never a reference to another variable or a command to run.
        for (const match of text.matchAll(new RegExp(`${key}(?::-|[=:] ?)["'\`]?([^\\s"'\`}$|)]+)`, 'g'))) {
          if (!/^[?<(]/.test(match[1]) && match[1].length > 3) examples[key].add(match[1]);
        }
      }
    }
    for (const secret of examples.JWT_SECRET) expect(refusal({ NODE_ENV: 'production', JWT_SECRET: secret })).toContain('JWT_SECRET');
    for (const password of examples.ADMIN_PASSWORD)
      expect(refusal({ NODE_ENV: 'production', ADMIN_PASSWORD: password })).toContain('ADMIN_PASSWORD');
  });

  it('reads METRICS_TOKEN (none by default: /api/metrics answers 404) and refuses a short, spaced or, in production, guessable one', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).monitoring).toEqual({ metricsToken: undefined, commit: undefined });
    expect(loadConfig({ DATA_DIR: dir, METRICS_TOKEN: RANDOM_SECRET }).monitoring.metricsToken).toBe(RANDOM_SECRET);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', METRICS_TOKEN: RANDOM_SECRET }).monitoring.metricsToken).toBe(RANDOM_SECRET);
    const tooShort =
      'METRICS_TOKEN doit contenir au moins 32 caractères, sans espace ni accent (générez-en un avec openssl rand -base64 48)';
    expect(refusal({ METRICS_TOKEN: 'Zx8#kq2!Lm9$Tv4' })).toContain(tooShort);
    expect(refusal({ METRICS_TOKEN: `${RANDOM_SECRET.slice(0, 20)} ${RANDOM_SECRET.slice(20)}` })).toContain(tooShort);
    for (const METRICS_TOKEN of ['change-me-to-a-random-metrics-token-please', 'ab'.repeat(20)]) {
      expect(refusal({ NODE_ENV: 'production', METRICS_TOKEN })).toContain(
        "METRICS_TOKEN est une valeur d'exemple ou trop prévisible : en production, donnez un jeton aléatoire (openssl rand -base64 48)",
      );
      expect(loadConfig({ DATA_DIR: dir, METRICS_TOKEN }).monitoring.metricsToken).toBe(METRICS_TOKEN);
    }
  });

  it('names the commit running from GIT_COMMIT, else SOURCE_COMMIT (a deployment platform sets one)', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir, GIT_COMMIT: ' 4db96e6 ', SOURCE_COMMIT: 'other' }).monitoring.commit).toBe('4db96e6');
    expect(loadConfig({ DATA_DIR: dir, SOURCE_COMMIT: '4db96e6a1b2c' }).monitoring.commit).toBe('4db96e6a1b2c');
    expect(refusal({ GIT_COMMIT: 'abc def' })).toContain('GIT_COMMIT doit être un identifiant de commit');
  });

  it('writes JSON logs in production and readable lines elsewhere, unless LOG_FORMAT says otherwise', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' }).log).toEqual({ format: 'json', level: 'info' });
    expect(loadConfig({ DATA_DIR: dir }).log).toEqual({ format: 'pretty', level: 'info' });
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' }).log).toEqual({ format: 'pretty', level: 'warn' });
    expect(loadConfig({ DATA_DIR: dir, LOG_FORMAT: 'json', LOG_LEVEL: 'debug' }).log).toEqual({ format: 'json', level: 'debug' });
    expect(refusal({ LOG_FORMAT: 'xml', LOG_LEVEL: 'bavard' })).toMatch(
      /LOG_FORMAT doit valoir json ou pretty \(reçu « xml »\)[\s\S]*LOG_LEVEL doit valoir debug, info, warn, error, silent \(reçu « bavard »\)/,
    );
  });
});
