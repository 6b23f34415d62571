import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, SETTINGS } from './config';

describe('loadConfig', () => {
  test('works with nothing set', () => {
    expect(loadConfig({})).toEqual({
      port: 3001,
      databaseUrl: 'sqlite:./data/beatcrate.sqlite',
      production: false,
      trustProxy: 0,
      logLevel: 'info',
      actionLog: {
        batchesPerMinute: 120,
        entriesPerAddressPerMinute: 1200,
        maxEntriesPerSession: 10_000,
        maxEntries: 2_000_000,
        maxAgeDays: 30,
        secret: '',
      },
      supportReplay: { seconds: 10, memoryMb: 256 },
      resetRequestsPer15Minutes: 5,
      pageFormsPer15Minutes: 5,
      trackPlaysPerMinute: 120,
      publicUrls: { dashboard: '', admin: '', files: '' },
      publicUrl: 'http://localhost:3001',
      sessionCookieName: 'beatcrate_session',
      mail: { smtpUrl: '', from: 'Beatcrate <no-reply@localhost>' },
      accountStreamHeartbeatMs: 15000,
      accountStreamsPerAccount: 5,
      mediaDir: path.resolve('data/media'),
      tempDir: os.tmpdir(),
      s3: null,
      webhookLoopbackForDevelopment: false,
      features: { proMembership: false, producerPage: true, fullProducerPage: true },
      clockStartAt: null,
      demoActivity: true,
      crashAt: null,
      tagManagerId: '',
      crashSignal: 'SIGKILL',
      commerce: {
        serviceFeeFixed: 2.99,
        serviceFeePercentage: 5,
        shopCommissionPercentage: 20,
        beatHoldsPerBuyer: 5,
        reconcileEveryMs: 300_000,
        stripe: { secretKey: '', webhookSecret: '', publishableKey: '' },
        paypal: { clientId: '', clientSecret: '', apiUrl: 'https://api-m.sandbox.paypal.com', webhookId: '' },
      },
      accountProtection: {
        captcha: { enabled: true, hmacKey: '', complexity: 5000 },
        registrationsPerHour: 10,
        accountMailsPerRecipientPerHour: 3,
      },
    });
  });

  test('the captcha is on by default; CAPTCHA=off is for scripted checks, refused in production unless it is a sandbox deployment', () => {
    const protection = loadConfig({
      CAPTCHA: 'off',
      CAPTCHA_HMAC_KEY: 'k'.repeat(32),
      CAPTCHA_COMPLEXITY: '20',
      REGISTRATIONS_PER_HOUR: '3',
      ACCOUNT_MAILS_PER_RECIPIENT_PER_HOUR: '2',
    }).accountProtection;
    expect(protection).toEqual({
      captcha: { enabled: false, hmacKey: 'k'.repeat(32), complexity: 20 },
      registrationsPerHour: 3,
      accountMailsPerRecipientPerHour: 2,
    });
    expect(() => loadConfig({ CAPTCHA: 'off', NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' })).not.toThrow();
    const live = { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', PAYPAL_CLIENT_ID: 'i', PAYPAL_CLIENT_SECRET: 's' };
    expect(() => loadConfig({ ...live, CAPTCHA: 'off' })).toThrow('CAPTCHA=off is refused with NODE_ENV=production');
    expect(loadConfig(live).accountProtection.captcha.enabled).toBe(true);
  });

  test('reads the checkout fees and payment keys, refusing bad ones', () => {
    const commerce = loadConfig({
      SERVICE_FEE_FIXED: '1.50',
      SERVICE_FEE_PERCENTAGE: '0',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_456',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_API_URL: 'https://api-m.paypal.com/',
      PAYPAL_WEBHOOK_ID: 'WH-1',
      BEAT_HOLDS_PER_BUYER: '3',
      PAYMENT_RECONCILIATION_MINUTES: '2',
      SHOP_COMMISSION_PERCENTAGE: '12.5',
    }).commerce;
    expect(commerce).toEqual({
      serviceFeeFixed: 1.5,
      serviceFeePercentage: 0,
      shopCommissionPercentage: 12.5,
      beatHoldsPerBuyer: 3,
      reconcileEveryMs: 120_000,
      stripe: { secretKey: 'sk_test_123', webhookSecret: 'whsec_abc', publishableKey: 'pk_test_456' },
      paypal: { clientId: 'id', clientSecret: 'secret', apiUrl: 'https://api-m.paypal.com', webhookId: 'WH-1' },
    });
    expect(() => loadConfig({ SHOP_COMMISSION_PERCENTAGE: '101' })).toThrow('SHOP_COMMISSION_PERCENTAGE must be at most 100');
    expect(() => loadConfig({ SERVICE_FEE_FIXED: '-1' })).toThrow('SERVICE_FEE_FIXED must be a number of at least 0');
    expect(() => loadConfig({ SERVICE_FEE_FIXED: '1.234' })).toThrow('SERVICE_FEE_FIXED must be whole cents');
    expect(() => loadConfig({ SERVICE_FEE_PERCENTAGE: '101' })).toThrow('SERVICE_FEE_PERCENTAGE must be at most 100');
    expect(() => loadConfig({ SERVICE_FEE_PERCENTAGE: 'five' })).toThrow('SERVICE_FEE_PERCENTAGE must be a number');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'x' })).toThrow('STRIPE_SECRET_KEY must start with');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow('STRIPE_WEBHOOK_SECRET is needed');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'x', STRIPE_PUBLISHABLE_KEY: 'sk_test_1' })).toThrow('STRIPE_PUBLISHABLE_KEY must start with');
    expect(() => loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).toThrow('STRIPE_PUBLISHABLE_KEY needs STRIPE_SECRET_KEY');
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: 'id' })).toThrow('PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together');
    expect(() => loadConfig({ BEAT_HOLDS_PER_BUYER: '0' })).toThrow('BEAT_HOLDS_PER_BUYER must be a positive whole number');
    expect(() => loadConfig({ PAYMENT_RECONCILIATION_MINUTES: '0.5' })).toThrow('PAYMENT_RECONCILIATION_MINUTES must be a positive whole number');
  });

  test('reads the feature flags', () => {
    expect(loadConfig({ FEATURE_PRO_MEMBERSHIP: 'true', FEATURE_PRODUCER_PAGE: 'off', FEATURE_FULL_PRODUCER_PAGE: '0' }).features).toEqual({
      proMembership: true,
      producerPage: false,
      fullProducerPage: false,
    });
    expect(() => loadConfig({ FEATURE_PRO_MEMBERSHIP: 'maybe' })).toThrow('FEATURE_PRO_MEMBERSHIP must be true or false');
  });

  const FLAGS = ['FEATURE_PRO_MEMBERSHIP', 'FEATURE_PRODUCER_PAGE', 'FEATURE_FULL_PRODUCER_PAGE', 'PAYMENTS_SANDBOX'] as const;
  const flagValue = (name: (typeof FLAGS)[number], value: string) => {
    const config = loadConfig({ [name]: value, ...(name === 'PAYMENTS_SANDBOX' ? { NODE_ENV: 'production' } : {}) });
    if (name === 'PAYMENTS_SANDBOX') return true;
    return { FEATURE_PRO_MEMBERSHIP: config.features.proMembership, FEATURE_PRODUCER_PAGE: config.features.producerPage, FEATURE_FULL_PRODUCER_PAGE: config.features.fullProducerPage }[name];
  };

  test.each(FLAGS)('%s takes true/false, on/off, yes/no and 1/0 in any case', (name) => {
    for (const yes of ['true', 'TRUE', 'On', 'yes', 'YES', '1']) expect(flagValue(name, yes)).toBe(true);
    for (const no of ['false', 'False', 'OFF', 'no', 'No', '0']) {
      if (name === 'PAYMENTS_SANDBOX') expect(() => flagValue(name, no)).toThrow('set PAYMENTS_SANDBOX=true');
      else expect(flagValue(name, no)).toBe(false);
    }
    expect(() => flagValue(name, 'enabled')).toThrow(`${name} must be true or false (or on/off, yes/no, 1/0), got "enabled"`);
  });

  test('reports every problem at once, on one line', () => {
    let refused: unknown;
    try {
      loadConfig({ PORT: 'abc', TRUST_PROXY: '-1', FEATURE_PRODUCER_PAGE: 'maybe', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', PAYPAL_CLIENT_ID: 'id' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as ConfigError).problems).toEqual([
      'PORT must be a port number, got "abc"',
      'TRUST_PROXY must be a whole number of at least 0, got "-1"',
      'FEATURE_PRODUCER_PAGE must be true or false (or on/off, yes/no, 1/0), got "maybe"',
      'STRIPE_PUBLISHABLE_KEY needs STRIPE_SECRET_KEY',
      'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together',
    ]);
    expect((refused as Error).message).not.toContain('\n');
  });

  test('never repeats a refused secret', () => {
    const secrets = { SMTP_URL: 'mail.example.com:hunter2', STRIPE_SECRET_KEY: 'rk_live_hunter2', DATABASE_URL: 'postgresql:/admin:hunter2@db' };
    expect(() => loadConfig(secrets)).toThrow(/SMTP_URL must be .*STRIPE_SECRET_KEY must start with sk_test_ or sk_live_/);
    expect(() => loadConfig(secrets)).not.toThrow(/hunter2/);
  });

  test('the README configuration table lists exactly the settings the server reads', () => {
    const readme = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### Configuration'), readme.indexOf('### Other commands'));
    const documented = section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!));
    expect([...documented].sort()).toEqual(Object.keys(SETTINGS).sort());
  });

  test("logs at LOG_LEVEL, one of pino's levels", () => {
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(loadConfig({ LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"');
  });

  test('starts the clock at CLOCK_START_AT outside production only', () => {
    expect(loadConfig({ CLOCK_START_AT: '2026-12-10T09:00:00Z' }).clockStartAt).toEqual(new Date('2026-12-10T09:00:00Z'));
    expect(() => loadConfig({ CLOCK_START_AT: 'soon' })).toThrow('CLOCK_START_AT must be an ISO date');
    expect(() => loadConfig({ CLOCK_START_AT: '2026-12-10T09:00:00Z', NODE_ENV: 'production' })).toThrow('refused in production');
  });

  test('lets webhooks reach loopback only when told to, and never in production', () => {
    expect(loadConfig({ WEBHOOK_LOOPBACK_FOR_DEVELOPMENT: 'on' }).webhookLoopbackForDevelopment).toBe(true);
    expect(() => loadConfig({ WEBHOOK_LOOPBACK_FOR_DEVELOPMENT: 'on', NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' })).toThrow(
      'WEBHOOK_LOOPBACK_FOR_DEVELOPMENT lets webhooks reach this machine and is refused in production',
    );
  });

  test('stops itself at CRASH_AT for the durability tests, never in production', () => {
    expect(loadConfig({ CRASH_AT: 'attempt-recorded' })).toMatchObject({ crashAt: 'attempt-recorded', crashSignal: 'SIGKILL' });
    expect(loadConfig({ CRASH_AT: 'demo-catalogue', CRASH_SIGNAL: 'SIGINT' })).toMatchObject({ crashAt: 'demo-catalogue', crashSignal: 'SIGINT' });
    expect(() => loadConfig({ CRASH_SIGNAL: 'SIGHUP' })).toThrow('CRASH_SIGNAL must be one of SIGKILL, SIGINT');
    expect(() => loadConfig({ CRASH_AT: 'lunch' })).toThrow('CRASH_AT must be one of order-placed, attempt-recorded');
    expect(() => loadConfig({ CRASH_AT: 'attempt-recorded', NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' })).toThrow('refused in production');
    expect(() => loadConfig({ CRASH_AT: 'demo-month', NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' })).toThrow('refused in production');
  });

  test('keeps media beside the SQLite file unless MEDIA_DIR is set', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:/srv/shop/db.sqlite' }).mediaDir).toBe('/srv/shop/media');
    expect(loadConfig({ DATABASE_URL: 'sqlite:/srv/shop/db.sqlite', MEDIA_DIR: '/mnt/media' }).mediaDir).toBe('/mnt/media');
  });

  test('keeps media in an S3 bucket with S3_BUCKET, refusing S3 settings that would be ignored or half set', () => {
    expect(
      loadConfig({
        S3_BUCKET: 'beatcrate-media',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({ bucket: 'beatcrate-media', endpoint: 'http://127.0.0.1:9000', region: 'eu-central-1', accessKeyId: 'key', secretAccessKey: 'secret', forcePathStyle: true });
    expect(loadConfig({ S3_BUCKET: 'media' }).s3).toEqual({ bucket: 'media', endpoint: '', region: 'us-east-1', accessKeyId: '', secretAccessKey: '', forcePathStyle: false });
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow('need S3_BUCKET');
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  });

  test('production refuses to take payments through the sandbox unless told to', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('NODE_ENV=production needs STRIPE_SECRET_KEY');
    expect(() => loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow('PAYPAL_CLIENT_ID');
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' }).production).toBe(true);
    expect(loadConfig({}).production).toBe(false);
  });

  test('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@127.0.0.1/db',
      NODE_ENV: 'production',
      TRUST_PROXY: '1',
      DASHBOARD_URL: 'https://dashboard.example.com/path',
      FILES_URL: 'https://files.example.com',
      PUBLIC_URL: 'https://beatcrate.example.com/shop/',
      SESSION_COOKIE_NAME: 'bc_sid',
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      MAIL_FROM: 'Beatcrate <hello@beatcrate.example.com>',
      ACCOUNT_STREAM_HEARTBEAT_MS: '50',
      PAGE_FORMS_PER_15_MINUTES: '20',
      PAYMENTS_SANDBOX: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@127.0.0.1/db',
      production: true,
      trustProxy: 1,
      publicUrls: { dashboard: 'https://dashboard.example.com', admin: '', files: 'https://files.example.com' },
      publicUrl: 'https://beatcrate.example.com/shop',
      sessionCookieName: 'bc_sid',
      mail: { smtpUrl: 'smtps://user:secret@mail.example.com:465', from: 'Beatcrate <hello@beatcrate.example.com>' },
      accountStreamHeartbeatMs: 50,
      pageFormsPer15Minutes: 20,
    });
  });

  test('reads a Google Tag Manager container id, refusing anything else (it is written into the page\'s script)', () => {
    expect(loadConfig({ TAG_MANAGER_ID: 'GTM-AB12CD3' }).tagManagerId).toBe('GTM-AB12CD3');
    for (const value of ['UA-12345-1', 'gtm-ab12cd3', "GTM-1');alert(1);//"]) {
      expect(() => loadConfig({ TAG_MANAGER_ID: value })).toThrow('TAG_MANAGER_ID must be a Google Tag Manager container id');
    }
  });

  test('reads the action log\'s limits, expiry and key, refusing ones that could never hold a batch', () => {
    expect(
      loadConfig({
        ACTION_LOG_BATCHES_PER_MINUTE: '60',
        ACTION_LOG_ENTRIES_PER_MINUTE: '600',
        ACTION_LOG_MAX_ENTRIES_PER_SESSION: '100',
        ACTION_LOG_MAX_ENTRIES: '1000',
        ACTION_LOG_MAX_AGE_DAYS: '7',
        ACTION_LOG_SECRET: 'k'.repeat(32),
      }).actionLog,
    ).toEqual({ batchesPerMinute: 60, entriesPerAddressPerMinute: 600, maxEntriesPerSession: 100, maxEntries: 1000, maxAgeDays: 7, secret: 'k'.repeat(32) });
    expect(() => loadConfig({ ACTION_LOG_ENTRIES_PER_MINUTE: '499' })).toThrow('ACTION_LOG_ENTRIES_PER_MINUTE must be at least 500');
    expect(() => loadConfig({ ACTION_LOG_MAX_ENTRIES_PER_SESSION: '20', ACTION_LOG_MAX_ENTRIES: '10' })).toThrow('must not be larger than ACTION_LOG_MAX_ENTRIES');
    expect(() => loadConfig({ ACTION_LOG_MAX_AGE_DAYS: '0' })).toThrow('ACTION_LOG_MAX_AGE_DAYS');
    expect(() => loadConfig({ ACTION_LOG_SECRET: 'short' })).toThrow('ACTION_LOG_SECRET must be at least 32 characters');
  });

  test('the public URL follows the port when not set', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  test.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ TRUST_PROXY: '-1' }, /TRUST_PROXY/],
    [{ DATABASE_URL: 'sqlite::memory:' }, /DATABASE_URL/],
    [{ FILES_URL: 'files' }, /FILES_URL/],
    [{ S3_BUCKET: 'media', S3_ENDPOINT: 'minio.internal' }, /S3_ENDPOINT/],
    [{ S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'sometimes' }, /S3_FORCE_PATH_STYLE/],
    [{ ACTION_LOG_BATCHES_PER_MINUTE: '0' }, /ACTION_LOG_BATCHES_PER_MINUTE/],
    [{ RESET_REQUESTS_PER_15_MINUTES: 'x' }, /RESET_REQUESTS_PER_15_MINUTES/],
    [{ PUBLIC_URL: 'beatcrate.example.com' }, /PUBLIC_URL/],
    [{ CAPTCHA: 'maybe' }, /CAPTCHA must be true or false/],
    [{ CAPTCHA_HMAC_KEY: 'short' }, /CAPTCHA_HMAC_KEY must be at least 32 characters/],
    [{ CAPTCHA_COMPLEXITY: '1' }, /CAPTCHA_COMPLEXITY must be a whole number from 2 to 1000000/],
    [{ CAPTCHA_COMPLEXITY: '1e9' }, /CAPTCHA_COMPLEXITY/],
    [{ REGISTRATIONS_PER_HOUR: '0' }, /REGISTRATIONS_PER_HOUR/],
    [{ ACCOUNT_MAILS_PER_RECIPIENT_PER_HOUR: 'many' }, /ACCOUNT_MAILS_PER_RECIPIENT_PER_HOUR/],
    [{ SESSION_COOKIE_NAME: 'my session' }, /SESSION_COOKIE_NAME/],
    [{ SMTP_URL: 'mail.example.com' }, /SMTP_URL/],
    [{ ACCOUNT_STREAM_HEARTBEAT_MS: '0' }, /ACCOUNT_STREAM_HEARTBEAT_MS/],
    [{ SUPPORT_REPLAY_SECONDS: '0' }, /SUPPORT_REPLAY_SECONDS/],
    [{ SUPPORT_REPLAY_MEMORY_MB: '32' }, /SUPPORT_REPLAY_MEMORY_MB must be at least 64/],
  ])('refuses %p at start-up', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
