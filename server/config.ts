import os from 'node:os';
import path from 'node:path';
import { ACTION_LOG_LIMITS } from '../shared/actionLog/entry';
import { DEFAULT_PORT } from '../shared/domain/constants';
import { DEFAULT_FEATURES, type FeatureFlags } from '../shared/features/config/configSlice';
import {
  baseUrl,
  cookieName,
  count,
  databaseUrl,
  directory,
  flag,
  isoDate,
  origin,
  type Parser,
  percentage,
  port,
  positiveCount,
  prefixed,
  oneOf,
  Refused,
  rangeOf,
  smtpUrl,
  tagManagerId,
  text,
  wholeCents,
} from './configParsers';
import { CRASH_POINTS, CRASH_SIGNALS, type CrashPoint, type CrashSignal } from './commerce/crashPoints';
import { DEFAULT_DATABASE_URL, parseDatabaseUrl } from './db/openDatabase';
import type { S3Settings } from './media/storage/s3Storage';
import { LOG_LEVELS, type LogLevel } from './logging/logLevels';
import { SEED_CRASH_POINTS, type SeedCrashPoint } from './seed/seedCrashPoints';

export interface Config {
  port: number;
  databaseUrl: string;
  production: boolean;
  /** Number of proxies in front of us, for the client address behind a load balancer. */
  trustProxy: number;
  /** The least severe level the server logs (LOG_LEVEL; server/logging/logger.ts). */
  logLevel: LogLevel;
  /** Origins of the dashboard, admin and file hosts; empty means this server. */
  publicUrls: { dashboard: string; admin: string; files: string };
  /** The action log's limits, expiry and key (server/actionLog/). */
  actionLog: ActionLogConfig;
  /** What replaying one session for the support console may spend, on its worker thread (server/support/supportReplays.ts). */
  supportReplay: SupportReplayConfig;
  /** Password-reset requests one address may send per 15 minutes before getting 429. */
  resetRequestsPer15Minutes: number;
  /** Submissions of each public form (contact, subscribe, report) one address may send per 15 minutes before getting 429. */
  pageFormsPer15Minutes: number;
  /** Play events (POST /tracks/{id}/play) one address may send per minute before getting 429. */
  trackPlaysPerMinute: number;
  /** Where visitors reach the storefront; links in mails start with it. No trailing slash. */
  publicUrl: string;
  sessionCookieName: string;
  /** SMTP server for outgoing mail; empty keeps mail in the database's outbox. */
  mail: { smtpUrl: string; from: string };
  /** Comment lines that keep idle account streams open through proxies. */
  accountStreamHeartbeatMs: number;
  /** Open account streams one account may hold on one server; a new one closes the oldest. */
  accountStreamsPerAccount: number;
  /** Audio previews and other media served under /media: beside the SQLite file unless MEDIA_DIR says otherwise. */
  mediaDir: string;
  /** Where processing copies a master while it works on it; the abandoned-files job sweeps only here. */
  tempDir: string;
  /** With S3_BUCKET, media lives in that bucket instead of mediaDir, so several servers share it. */
  s3: S3Settings | null;
  /** WEBHOOK_LOOPBACK_FOR_DEVELOPMENT: webhooks may go to this machine (127.0.0.0/8, ::1), for a receiver on a developer's machine or in tests; never in production. */
  webhookLoopbackForDevelopment: boolean;
  /** Feature flags handed to the browser (SPEC §1: PRO membership off, producer pages on). */
  features: FeatureFlags;
  /**
   * Where the server's clock starts (CLOCK_START_AT), for demos and the Chromium tests of dated
   * behaviour such as the December sale; refused in production.
   */
  clockStartAt: Date | null;
  /**
   * Whether an empty database gets a month of generated shop activity with the demo catalogue
   * (DEMO_ACTIVITY, issue 13), so the reports show something; test servers leave it out.
   */
  demoActivity: boolean;
  /** Checkout: the service fee (USD fixed plus percent of the subtotal) and the payment providers' keys. */
  commerce: CommerceConfig;
  /** What keeps bots and strangers off registration, password reset and the public forms. */
  accountProtection: AccountProtectionConfig;
  /** CRASH_AT: the checkout or demo-seed step at which the process stops itself, for the durability tests; refused in production. */
  crashAt: CrashPoint | SeedCrashPoint | null;
  /** CRASH_SIGNAL: how it stops there, killed (SIGKILL) or as by Ctrl-C (SIGINT). */
  crashSignal: CrashSignal;
  /** Google Tag Manager's container id, loaded on the storefront's pages (server/ssr/tagManager.ts); empty: none. */
  tagManagerId: string;
}

export interface SupportReplayConfig {
  /** Seconds one replay may run before it stops and shows the session up to there. */
  seconds: number;
  /** The replay thread's heap; what it reads of a log and answers are fractions of it. */
  memoryMb: number;
}

export interface ActionLogConfig {
  /** Batches one address may send per minute (then 429), counted before the body is read. */
  batchesPerMinute: number;
  /** Entries one address may have stored per minute (then 429), counted in the database. */
  entriesPerAddressPerMinute: number;
  /** Entries one tab's log may hold (then 413). */
  maxEntriesPerSession: number;
  /** Entries the whole store may hold; past it the least recently active logs give way. */
  maxEntries: number;
  /** Logs not written to for this many days are deleted by the expiry job. */
  maxAgeDays: number;
  /** Key of the HMAC that proves a log id was issued here; empty: a random key kept in the database. */
  secret: string;
}

export interface AccountProtectionConfig {
  /**
   * The self-hosted proof-of-work captcha (ALTCHA). `hmacKey` empty: a key is made once and kept
   * in the database, so every server agrees. `complexity`: the most attempts a solver may need.
   */
  captcha: { enabled: boolean; hmacKey: string; complexity: number };
  /** Registrations one address may attempt per hour before getting 429. */
  registrationsPerHour: number;
  /** Account mails (confirmation, reset, "someone tried to register") one recipient may get per hour; more are not sent. */
  accountMailsPerRecipientPerHour: number;
}

export interface CommerceConfig {
  serviceFeeFixed: number;
  serviceFeePercentage: number;
  /** What the shop keeps of each sale line after its coupon share (SPEC states no figure; server/commerce/README.md "Balances are a projection of order events" says why the default). */
  shopCommissionPercentage: number;
  /** Beats one buyer's open orders may hold at once (a 30-minute reservation each). */
  beatHoldsPerBuyer: number;
  /** How often open orders are reconciled with their payment provider. */
  reconcileEveryMs: number;
  /** Empty keys select the built-in sandbox provider (server/payments/sandboxProvider.ts). */
  /** The publishable key is the only one the browser sees: with it the payment form mounts Stripe's own fields. */
  stripe: { secretKey: string; webhookSecret: string; publishableKey: string };
  paypal: { clientId: string; clientSecret: string; apiUrl: string; webhookId: string };
}

interface Setting<T> {
  parse: Parser<T>;
  /** Taken when the variable is unset or empty. */
  fallback: T;
  /** One line; the README's configuration table says more. */
  doc: string;
  /** A refused value is not echoed in the message, which may end up in a log. */
  secret?: boolean;
}

const setting = <T>(parse: Parser<T>, fallback: T, doc: string, options: { secret?: boolean } = {}): Setting<T> => ({ parse, fallback, doc, ...options });

/**
 * Every environment variable the server reads, with its parser and default. The README's
 * configuration table lists exactly these (server/config.test.ts checks both ways).
 */
export const SETTINGS = {
  PORT: setting(port, DEFAULT_PORT, 'port for the storefront and the API (0 picks a free one)'),
  DATABASE_URL: setting(databaseUrl, DEFAULT_DATABASE_URL, 'sqlite:<file> or postgres://user@host:port/db', { secret: true }),
  NODE_ENV: setting(text, '', 'production turns on HSTS and upgrade-insecure-requests'),
  TRUST_PROXY: setting(count, 0, 'number of proxies in front, for the client address in rate limits'),
  LOG_LEVEL: setting<LogLevel>(oneOf(LOG_LEVELS), 'info', 'least severe level logged: fatal, error, warn, info, debug, trace or silent'),
  DASHBOARD_URL: setting(origin, '', 'public origin of the dashboard site (default: this server)'),
  ADMIN_URL: setting(origin, '', 'public origin of the admin site (default: this server)'),
  FILES_URL: setting(origin, '', 'public origin of the file host (default: this server)'),
  ACTION_LOG_BATCHES_PER_MINUTE: setting(positiveCount, 120, 'action-log batches one address may send per minute'),
  ACTION_LOG_ENTRIES_PER_MINUTE: setting(positiveCount, 1200, 'action-log entries one address may have stored per minute'),
  ACTION_LOG_MAX_ENTRIES_PER_SESSION: setting(positiveCount, 10_000, "entries one tab's action log may hold"),
  ACTION_LOG_MAX_ENTRIES: setting(positiveCount, 2_000_000, 'action-log entries the whole store may hold'),
  ACTION_LOG_MAX_AGE_DAYS: setting(positiveCount, 30, 'days after which an idle action log is deleted'),
  ACTION_LOG_SECRET: setting(text, '', 'key proving an action-log id was issued here (unset: kept in the database)', { secret: true }),
  SUPPORT_REPLAY_SECONDS: setting(positiveCount, 10, 'seconds one support-console replay of a session may run'),
  SUPPORT_REPLAY_MEMORY_MB: setting(positiveCount, 256, "megabytes of heap of the support console's replay thread"),
  RESET_REQUESTS_PER_15_MINUTES: setting(positiveCount, 5, 'password-reset requests one address may send per 15 minutes'),
  PAGE_FORMS_PER_15_MINUTES: setting(positiveCount, 5, 'submissions of each public form one address may send per 15 minutes'),
  TRACK_PLAYS_PER_MINUTE: setting(positiveCount, 120, 'play events one address may send per minute'),
  PUBLIC_URL: setting(baseUrl, '', 'where visitors reach the storefront (default: http://localhost:<PORT>)'),
  SESSION_COOKIE_NAME: setting(cookieName, 'beatcrate_session', 'name of the httpOnly session cookie'),
  SMTP_URL: setting(smtpUrl, '', 'smtp:// or smtps:// server for outgoing mail (unset: the outbox table)', { secret: true }),
  MAIL_FROM: setting(text, 'Beatcrate <no-reply@localhost>', 'sender of account mails'),
  ACCOUNT_STREAM_HEARTBEAT_MS: setting(positiveCount, 15_000, 'interval of heartbeat comments on /api/v1/account/sse'),
  ACCOUNT_STREAMS_PER_ACCOUNT: setting(positiveCount, 5, 'open account streams one account may hold on one server'),
  MEDIA_DIR: setting(directory, '', 'where previews are written and served from (default: media/ beside the SQLite file)'),
  TEMP_DIR: setting(directory, '', "where processing copies a master while it works on it (default: the system's temporary folder)"),
  S3_BUCKET: setting(text, '', 'keep media in this S3-compatible bucket instead of MEDIA_DIR'),
  S3_ENDPOINT: setting(baseUrl, '', 'URL of an S3-compatible service (default: AWS)'),
  S3_REGION: setting(text, 'us-east-1', "the bucket's region"),
  S3_ACCESS_KEY_ID: setting(text, '', 'access key for the bucket (unset: the AWS SDK default credentials)'),
  S3_SECRET_ACCESS_KEY: setting(text, '', 'secret of S3_ACCESS_KEY_ID', { secret: true }),
  S3_FORCE_PATH_STYLE: setting(flag, false, 'address the bucket as host/bucket (most self-hosted services)'),
  FEATURE_PRO_MEMBERSHIP: setting(flag, DEFAULT_FEATURES.proMembership, 'the PRO membership pages and link'),
  FEATURE_PRODUCER_PAGE: setting(flag, DEFAULT_FEATURES.producerPage, 'producer pages'),
  FEATURE_FULL_PRODUCER_PAGE: setting(flag, DEFAULT_FEATURES.fullProducerPage, "the producer page's track list"),
  CLOCK_START_AT: setting<Date | null>(isoDate, null, 'ISO date the server clock starts at (not in production)'),
  DEMO_ACTIVITY: setting(flag, true, 'seed a month of generated shop activity with the demo catalogue'),
  SERVICE_FEE_FIXED: setting(wholeCents, 2.99, 'USD added to every non-empty cart'),
  SERVICE_FEE_PERCENTAGE: setting(percentage, 5, 'percent of the subtotal added as service fee'),
  SHOP_COMMISSION_PERCENTAGE: setting(percentage, 20, "percent of each sold line (after its coupon share) the shop keeps; the rest is the producer's"),
  PAYMENTS_SANDBOX: setting(flag, false, 'lets a production server take payments through the built-in sandbox'),
  STRIPE_SECRET_KEY: setting(prefixed('sk_test_', 'sk_live_'), '', "Stripe's secret key (unset: the sandbox)", { secret: true }),
  STRIPE_WEBHOOK_SECRET: setting(text, '', "Stripe's webhook signing secret", { secret: true }),
  STRIPE_PUBLISHABLE_KEY: setting(prefixed('pk_test_', 'pk_live_'), '', "Stripe's publishable key: Stripe's own fields in the payment form"),
  PAYPAL_CLIENT_ID: setting(text, '', "PayPal's client id (unset: the sandbox)"),
  PAYPAL_CLIENT_SECRET: setting(text, '', "PayPal's client secret", { secret: true }),
  PAYPAL_API_URL: setting(baseUrl, 'https://api-m.sandbox.paypal.com', "PayPal's API host"),
  PAYPAL_WEBHOOK_ID: setting(text, '', 'the webhook id for PayPal signature checks'),
  BEAT_HOLDS_PER_BUYER: setting(positiveCount, 5, "beats one buyer's open orders may hold at once"),
  PAYMENT_RECONCILIATION_MINUTES: setting(positiveCount, 5, 'minutes between reconciliations of open orders with their provider'),
  WEBHOOK_LOOPBACK_FOR_DEVELOPMENT: setting(flag, false, 'let webhooks go to loopback addresses, for a receiver on this machine (not in production)'),
  CRASH_AT: setting<CrashPoint | SeedCrashPoint | null>(
    oneOf([...CRASH_POINTS, ...SEED_CRASH_POINTS]),
    null,
    'checkout or demo-seed step at which the server stops itself (durability tests; not in production)',
  ),
  CRASH_SIGNAL: setting<CrashSignal>(oneOf(CRASH_SIGNALS), 'SIGKILL', 'the signal the server sends itself at CRASH_AT'),
  CAPTCHA: setting(flag, true, 'the proof-of-work captcha on registration, password reset and the public forms'),
  CAPTCHA_HMAC_KEY: setting(text, '', "key signing the captcha's challenges (unset: kept in the database)", { secret: true }),
  CAPTCHA_COMPLEXITY: setting(rangeOf(2, 1_000_000), 5000, 'the most attempts a captcha solver may need'),
  REGISTRATIONS_PER_HOUR: setting(positiveCount, 10, 'registrations one address may attempt per hour'),
  ACCOUNT_MAILS_PER_RECIPIENT_PER_HOUR: setting(positiveCount, 3, 'account mails one recipient may get per hour'),
  TAG_MANAGER_ID: setting(tagManagerId, '', "Google Tag Manager container (GTM-…) loaded on the storefront's pages (unset: none)"),
} satisfies Record<string, Setting<unknown>>;

type Settings = typeof SETTINGS;
type Values = { [Name in keyof Settings]: Settings[Name]['fallback'] };

/** Every problem with the environment, reported at once so one restart can fix them all. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Configuration refused: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads configuration from the environment, with working defaults; refuses bad values at start-up, all of them at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const values = readSettings(env, problems);
  const production = values.NODE_ENV === 'production';
  for (const rule of RULES) {
    const problem = rule(values, production);
    if (problem) problems.push(problem);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port: values.PORT,
    databaseUrl: values.DATABASE_URL,
    production,
    trustProxy: values.TRUST_PROXY,
    logLevel: values.LOG_LEVEL,
    actionLog: {
      batchesPerMinute: values.ACTION_LOG_BATCHES_PER_MINUTE,
      entriesPerAddressPerMinute: values.ACTION_LOG_ENTRIES_PER_MINUTE,
      maxEntriesPerSession: values.ACTION_LOG_MAX_ENTRIES_PER_SESSION,
      maxEntries: values.ACTION_LOG_MAX_ENTRIES,
      maxAgeDays: values.ACTION_LOG_MAX_AGE_DAYS,
      secret: values.ACTION_LOG_SECRET,
    },
    supportReplay: { seconds: values.SUPPORT_REPLAY_SECONDS, memoryMb: values.SUPPORT_REPLAY_MEMORY_MB },
    resetRequestsPer15Minutes: values.RESET_REQUESTS_PER_15_MINUTES,
    pageFormsPer15Minutes: values.PAGE_FORMS_PER_15_MINUTES,
    trackPlaysPerMinute: values.TRACK_PLAYS_PER_MINUTE,
    publicUrls: { dashboard: values.DASHBOARD_URL, admin: values.ADMIN_URL, files: values.FILES_URL },
    publicUrl: values.PUBLIC_URL || `http://localhost:${values.PORT}`,
    sessionCookieName: values.SESSION_COOKIE_NAME,
    mail: { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM },
    accountStreamHeartbeatMs: values.ACCOUNT_STREAM_HEARTBEAT_MS,
    accountStreamsPerAccount: values.ACCOUNT_STREAMS_PER_ACCOUNT,
    mediaDir: values.MEDIA_DIR || defaultMediaDir(values.DATABASE_URL),
    tempDir: values.TEMP_DIR || os.tmpdir(),
    s3: values.S3_BUCKET
      ? {
          bucket: values.S3_BUCKET,
          endpoint: values.S3_ENDPOINT,
          region: values.S3_REGION,
          accessKeyId: values.S3_ACCESS_KEY_ID,
          secretAccessKey: values.S3_SECRET_ACCESS_KEY,
          forcePathStyle: values.S3_FORCE_PATH_STYLE,
        }
      : null,
    webhookLoopbackForDevelopment: values.WEBHOOK_LOOPBACK_FOR_DEVELOPMENT,
    features: {
      proMembership: values.FEATURE_PRO_MEMBERSHIP,
      producerPage: values.FEATURE_PRODUCER_PAGE,
      fullProducerPage: values.FEATURE_FULL_PRODUCER_PAGE,
    },
    clockStartAt: values.CLOCK_START_AT,
    demoActivity: values.DEMO_ACTIVITY,
    commerce: {
      serviceFeeFixed: values.SERVICE_FEE_FIXED,
      serviceFeePercentage: values.SERVICE_FEE_PERCENTAGE,
      shopCommissionPercentage: values.SHOP_COMMISSION_PERCENTAGE,
      beatHoldsPerBuyer: values.BEAT_HOLDS_PER_BUYER,
      reconcileEveryMs: values.PAYMENT_RECONCILIATION_MINUTES * 60_000,
      stripe: { secretKey: values.STRIPE_SECRET_KEY, webhookSecret: values.STRIPE_WEBHOOK_SECRET, publishableKey: values.STRIPE_PUBLISHABLE_KEY },
      paypal: {
        clientId: values.PAYPAL_CLIENT_ID,
        clientSecret: values.PAYPAL_CLIENT_SECRET,
        apiUrl: values.PAYPAL_API_URL,
        webhookId: values.PAYPAL_WEBHOOK_ID,
      },
    },
    accountProtection: {
      captcha: { enabled: values.CAPTCHA, hmacKey: values.CAPTCHA_HMAC_KEY, complexity: values.CAPTCHA_COMPLEXITY },
      registrationsPerHour: values.REGISTRATIONS_PER_HOUR,
      accountMailsPerRecipientPerHour: values.ACCOUNT_MAILS_PER_RECIPIENT_PER_HOUR,
    },
    crashAt: values.CRASH_AT,
    tagManagerId: values.TAG_MANAGER_ID,
    crashSignal: values.CRASH_SIGNAL,
  };
}

function readSettings(env: NodeJS.ProcessEnv, problems: string[]): Values {
  const read = <T>(name: string, { parse, fallback, secret }: Setting<T>): T => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    try {
      return parse(value);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      problems.push(`${name} ${error.message}${secret ? '' : `, got "${value}"`}`);
      return fallback;
    }
  };
  const entries = Object.entries(SETTINGS).map(([name, definition]: [string, Setting<unknown>]) => [name, read(name, definition)]);
  // Each value came from its own setting's parser or fallback, which is what Values says per name.
  return Object.fromEntries(entries) as Values;
}

/** Rules across settings, each naming what to change. */
const RULES: ((values: Values, production: boolean) => string | null)[] = [
  (values, production) => (production && values.CLOCK_START_AT ? 'CLOCK_START_AT moves the server clock and is refused in production' : null),
  (values) => (values.STRIPE_SECRET_KEY && !values.STRIPE_WEBHOOK_SECRET ? 'STRIPE_WEBHOOK_SECRET is needed with STRIPE_SECRET_KEY' : null),
  // Stripe's fields in the browser make payment methods only our Stripe account can charge.
  (values) => (values.STRIPE_PUBLISHABLE_KEY && !values.STRIPE_SECRET_KEY ? 'STRIPE_PUBLISHABLE_KEY needs STRIPE_SECRET_KEY' : null),
  (values) => (Boolean(values.PAYPAL_CLIENT_ID) !== Boolean(values.PAYPAL_CLIENT_SECRET) ? 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together' : null),
  (values) => (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY) ? 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' : null),
  // Without a bucket these would be ignored and media would quietly stay on this server's disk.
  (values) =>
    !values.S3_BUCKET && (values.S3_ENDPOINT || values.S3_ACCESS_KEY_ID || values.S3_FORCE_PATH_STYLE) ? 'S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_FORCE_PATH_STYLE need S3_BUCKET' : null,
  // The sandbox settles whatever a buyer clicks: a production server without provider keys would give the catalogue away.
  (values, production) =>
    production && (!values.STRIPE_SECRET_KEY || !values.PAYPAL_CLIENT_ID) && !values.PAYMENTS_SANDBOX
      ? 'NODE_ENV=production needs STRIPE_SECRET_KEY and PAYPAL_CLIENT_ID/PAYPAL_CLIENT_SECRET; set PAYMENTS_SANDBOX=true to take test payments on purpose'
      : null,
  (values, production) =>
    production && values.WEBHOOK_LOOPBACK_FOR_DEVELOPMENT ? 'WEBHOOK_LOOPBACK_FOR_DEVELOPMENT lets webhooks reach this machine and is refused in production' : null,
  (values, production) => (production && values.CRASH_AT ? 'CRASH_AT kills the server on purpose and is refused in production' : null),
  // Only scripted checks run without it; a public server that takes real payments never does.
  (values, production) =>
    production && !values.CAPTCHA && !values.PAYMENTS_SANDBOX
      ? 'CAPTCHA=off is refused with NODE_ENV=production (unless PAYMENTS_SANDBOX=true for a test deployment)'
      : null,
  (values) => (values.CAPTCHA_HMAC_KEY && values.CAPTCHA_HMAC_KEY.length < 32 ? 'CAPTCHA_HMAC_KEY must be at least 32 characters' : null),
  (values) => (values.ACTION_LOG_SECRET && values.ACTION_LOG_SECRET.length < 32 ? 'ACTION_LOG_SECRET must be at least 32 characters long' : null),
  // The browser sends up to a full batch at once; a smaller allowance would refuse it forever.
  (values) =>
    values.ACTION_LOG_ENTRIES_PER_MINUTE < ACTION_LOG_LIMITS.maxEntriesPerBatch
      ? `ACTION_LOG_ENTRIES_PER_MINUTE must be at least ${ACTION_LOG_LIMITS.maxEntriesPerBatch} (one full batch)`
      : null,
  // The thread loads the reducers and the state it replays; below this it cannot start.
  (values) => (values.SUPPORT_REPLAY_MEMORY_MB < 64 ? 'SUPPORT_REPLAY_MEMORY_MB must be at least 64' : null),
  (values) =>
    values.ACTION_LOG_MAX_ENTRIES_PER_SESSION > values.ACTION_LOG_MAX_ENTRIES ? 'ACTION_LOG_MAX_ENTRIES_PER_SESSION must not be larger than ACTION_LOG_MAX_ENTRIES' : null,
];

function defaultMediaDir(url: string): string {
  const database = parseDatabaseUrl(url);
  return path.resolve(database.kind === 'sqlite' ? path.dirname(database.file) : './data', 'media');
}
