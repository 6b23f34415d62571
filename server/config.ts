import path from 'node:path';
import { ACTION_LOG_LIMITS } from '../shared/actionLog/entry';
import { DEFAULT_PORT } from '../shared/domain/constants';
import { DEFAULT_FEATURES, type FeatureFlags } from '../shared/features/config/configSlice';
import { CRASH_POINTS, type CrashPoint } from './commerce/crashPoints';
import { DEFAULT_DATABASE_URL, parseDatabaseUrl } from './db/openDatabase';

export interface Config {
  port: number;
  databaseUrl: string;
  production: boolean;
  /** Number of proxies in front of us, for the client address behind a load balancer. */
  trustProxy: number;
  /** Origins of the dashboard, admin and file hosts; empty means this server. */
  publicUrls: { dashboard: string; admin: string; files: string };
  /** The action log's limits, expiry and key (server/actionLog/). */
  actionLog: ActionLogConfig;
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
  /** Audio previews and other media served under /media: beside the SQLite file unless MEDIA_DIR says otherwise. */
  mediaDir: string;
  /** Feature flags handed to the browser (SPEC §1: PRO membership off, producer pages on). */
  features: FeatureFlags;
  /**
   * Where the server's clock starts (CLOCK_START_AT), for demos and the Chromium tests of dated
   * behaviour such as the December sale; refused in production.
   */
  clockStartAt: Date | null;
  /** Checkout: the service fee (USD fixed plus percent of the subtotal) and the payment providers' keys. */
  commerce: CommerceConfig;
  /** What keeps bots and strangers off registration, password reset and the public forms. */
  accountProtection: AccountProtectionConfig;
  /** CRASH_AT: the checkout step at which the process kills itself, for the durability test; refused in production. */
  crashAt: CrashPoint | null;
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
  /** Beats one buyer's unfinished payments may hold at once (BEAT_HOLDS_PER_BUYER). */
  beatHoldsPerBuyer: number;
  /** How often open orders are reconciled with their provider (PAYMENT_RECONCILIATION_MINUTES), besides at start-up. */
  reconcileEveryMs: number;
  /** Empty keys select the built-in sandbox provider (server/payments/sandboxProvider.ts). */
  /** The publishable key is the only one the browser sees: with it the payment form mounts Stripe's own fields. */
  stripe: { secretKey: string; webhookSecret: string; publishableKey: string };
  paypal: { clientId: string; clientSecret: string; apiUrl: string; webhookId: string };
}

export interface ActionLogConfig {
  /** Batches one address may send per minute (then 429), counted in this process before the body is read. */
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

/** RFC 6265 cookie-name characters (an HTTP token). */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Reads configuration from the environment, with working defaults; refuses bad values at start-up. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT === undefined || env.PORT === '' ? DEFAULT_PORT : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const trustProxy = env.TRUST_PROXY ? Number(env.TRUST_PROXY) : 0;
  if (!Number.isInteger(trustProxy) || trustProxy < 0) throw new Error(`TRUST_PROXY must be a count of proxies, got "${env.TRUST_PROXY}"`);
  const resetRequestsPer15Minutes = positiveInteger(env, 'RESET_REQUESTS_PER_15_MINUTES', 5);
  const pageFormsPer15Minutes = positiveInteger(env, 'PAGE_FORMS_PER_15_MINUTES', 5);
  const trackPlaysPerMinute = positiveInteger(env, 'TRACK_PLAYS_PER_MINUTE', 120);
  const databaseUrl = env.DATABASE_URL || DEFAULT_DATABASE_URL;
  parseDatabaseUrl(databaseUrl);
  const sessionCookieName = env.SESSION_COOKIE_NAME || 'beatcrate_session';
  if (!COOKIE_NAME.test(sessionCookieName)) throw new Error(`SESSION_COOKIE_NAME must be a cookie name, got "${sessionCookieName}"`);
  const smtpUrl = env.SMTP_URL ?? '';
  if (smtpUrl && !/^smtps?:\/\/[^/]/.test(smtpUrl)) throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');
  const accountStreamHeartbeatMs = env.ACCOUNT_STREAM_HEARTBEAT_MS ? Number(env.ACCOUNT_STREAM_HEARTBEAT_MS) : 15_000;
  if (!Number.isInteger(accountStreamHeartbeatMs) || accountStreamHeartbeatMs < 1) {
    throw new Error(`ACCOUNT_STREAM_HEARTBEAT_MS must be a positive whole number, got "${env.ACCOUNT_STREAM_HEARTBEAT_MS}"`);
  }
  return {
    port,
    databaseUrl,
    production: env.NODE_ENV === 'production',
    trustProxy,
    actionLog: actionLogOf(env),
    resetRequestsPer15Minutes,
    pageFormsPer15Minutes,
    trackPlaysPerMinute,
    publicUrls: {
      dashboard: originOf(env.DASHBOARD_URL, 'DASHBOARD_URL'),
      admin: originOf(env.ADMIN_URL, 'ADMIN_URL'),
      files: originOf(env.FILES_URL, 'FILES_URL'),
    },
    publicUrl: baseUrlOf(env.PUBLIC_URL, 'PUBLIC_URL') || `http://localhost:${port}`,
    sessionCookieName,
    mail: { smtpUrl, from: env.MAIL_FROM || 'Beatcrate <no-reply@localhost>' },
    accountStreamHeartbeatMs,
    mediaDir: mediaDirOf(env.MEDIA_DIR, databaseUrl),
    features: {
      proMembership: flag(env, 'FEATURE_PRO_MEMBERSHIP', DEFAULT_FEATURES.proMembership),
      producerPage: flag(env, 'FEATURE_PRODUCER_PAGE', DEFAULT_FEATURES.producerPage),
      fullProducerPage: flag(env, 'FEATURE_FULL_PRODUCER_PAGE', DEFAULT_FEATURES.fullProducerPage),
    },
    clockStartAt: clockStartOf(env.CLOCK_START_AT, env.NODE_ENV === 'production'),
    commerce: commerceOf(env, env.NODE_ENV === 'production'),
    accountProtection: accountProtectionOf(env, env.NODE_ENV === 'production'),
    crashAt: crashAtOf(env.CRASH_AT, env.NODE_ENV === 'production'),
  };
}

function accountProtectionOf(env: NodeJS.ProcessEnv, production: boolean): AccountProtectionConfig {
  const enabled = flag(env, 'CAPTCHA', true);
  // Only scripted checks run without it; a public server that takes real payments never does.
  if (!enabled && production && env.PAYMENTS_SANDBOX !== 'true') {
    throw new Error('CAPTCHA=off is refused with NODE_ENV=production (unless PAYMENTS_SANDBOX=true for a test deployment)');
  }
  const hmacKey = env.CAPTCHA_HMAC_KEY ?? '';
  if (hmacKey && hmacKey.length < 32) throw new Error('CAPTCHA_HMAC_KEY must be at least 32 characters');
  const complexity = positiveInteger(env, 'CAPTCHA_COMPLEXITY', 5000);
  if (complexity < 2 || complexity > 1_000_000) throw new Error(`CAPTCHA_COMPLEXITY must be from 2 to 1000000, got "${env.CAPTCHA_COMPLEXITY}"`);
  return {
    captcha: { enabled, hmacKey, complexity },
    registrationsPerHour: positiveInteger(env, 'REGISTRATIONS_PER_HOUR', 10),
    accountMailsPerRecipientPerHour: positiveInteger(env, 'ACCOUNT_MAILS_PER_RECIPIENT_PER_HOUR', 3),
  };
}

function commerceOf(env: NodeJS.ProcessEnv, production: boolean): CommerceConfig {
  const serviceFeeFixed = nonNegativeNumber(env, 'SERVICE_FEE_FIXED', 2.99);
  if (Math.round(serviceFeeFixed * 100) !== serviceFeeFixed * 100) throw new Error(`SERVICE_FEE_FIXED must be whole cents, got "${env.SERVICE_FEE_FIXED}"`);
  const serviceFeePercentage = nonNegativeNumber(env, 'SERVICE_FEE_PERCENTAGE', 5);
  if (serviceFeePercentage > 100) throw new Error(`SERVICE_FEE_PERCENTAGE must be at most 100, got "${env.SERVICE_FEE_PERCENTAGE}"`);
  const stripe = { secretKey: env.STRIPE_SECRET_KEY ?? '', webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '', publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '' };
  if (stripe.secretKey && !/^sk_(test|live)_/.test(stripe.secretKey)) throw new Error('STRIPE_SECRET_KEY must start with sk_test_ or sk_live_');
  if (stripe.secretKey && !stripe.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is needed with STRIPE_SECRET_KEY');
  if (stripe.publishableKey && !/^pk_(test|live)_/.test(stripe.publishableKey)) throw new Error('STRIPE_PUBLISHABLE_KEY must start with pk_test_ or pk_live_');
  // Stripe's fields in the browser make payment methods only our Stripe account can charge.
  if (stripe.publishableKey && !stripe.secretKey) throw new Error('STRIPE_PUBLISHABLE_KEY needs STRIPE_SECRET_KEY');
  const paypal = {
    clientId: env.PAYPAL_CLIENT_ID ?? '',
    clientSecret: env.PAYPAL_CLIENT_SECRET ?? '',
    apiUrl: baseUrlOf(env.PAYPAL_API_URL, 'PAYPAL_API_URL') || 'https://api-m.sandbox.paypal.com',
    webhookId: env.PAYPAL_WEBHOOK_ID ?? '',
  };
  if (Boolean(paypal.clientId) !== Boolean(paypal.clientSecret)) throw new Error('PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together');
  // The sandbox settles whatever a buyer clicks: a production server without provider keys would give the catalogue away.
  const sandboxInUse = !stripe.secretKey || !paypal.clientId;
  if (production && sandboxInUse && env.PAYMENTS_SANDBOX !== 'true') {
    throw new Error(
      'NODE_ENV=production needs STRIPE_SECRET_KEY and PAYPAL_CLIENT_ID/PAYPAL_CLIENT_SECRET; set PAYMENTS_SANDBOX=true to take test payments on purpose',
    );
  }
  const beatHoldsPerBuyer = positiveInteger(env, 'BEAT_HOLDS_PER_BUYER', 5);
  const reconcileEveryMs = positiveInteger(env, 'PAYMENT_RECONCILIATION_MINUTES', 5) * 60_000;
  return { serviceFeeFixed, serviceFeePercentage, beatHoldsPerBuyer, reconcileEveryMs, stripe, paypal };
}

function crashAtOf(value: string | undefined, production: boolean): CrashPoint | null {
  if (!value) return null;
  if (production) throw new Error('CRASH_AT kills the server on purpose and is refused in production');
  const point = CRASH_POINTS.find((candidate) => candidate === value);
  if (!point) throw new Error(`CRASH_AT must be one of ${CRASH_POINTS.join(', ')}, got "${value}"`);
  return point;
}

function actionLogOf(env: NodeJS.ProcessEnv): ActionLogConfig {
  const config = {
    batchesPerMinute: positiveInteger(env, 'ACTION_LOG_BATCHES_PER_MINUTE', 120),
    entriesPerAddressPerMinute: positiveInteger(env, 'ACTION_LOG_ENTRIES_PER_MINUTE', 1200),
    maxEntriesPerSession: positiveInteger(env, 'ACTION_LOG_MAX_ENTRIES_PER_SESSION', 10_000),
    maxEntries: positiveInteger(env, 'ACTION_LOG_MAX_ENTRIES', 2_000_000),
    maxAgeDays: positiveInteger(env, 'ACTION_LOG_MAX_AGE_DAYS', 30),
    secret: env.ACTION_LOG_SECRET ?? '',
  };
  // The browser sends up to a full batch at once; a smaller allowance would refuse it forever.
  if (config.entriesPerAddressPerMinute < ACTION_LOG_LIMITS.maxEntriesPerBatch) {
    throw new Error(`ACTION_LOG_ENTRIES_PER_MINUTE must be at least ${ACTION_LOG_LIMITS.maxEntriesPerBatch} (one full batch), got "${env.ACTION_LOG_ENTRIES_PER_MINUTE}"`);
  }
  if (config.maxEntriesPerSession > config.maxEntries) {
    throw new Error('ACTION_LOG_MAX_ENTRIES_PER_SESSION must not be larger than ACTION_LOG_MAX_ENTRIES');
  }
  if (config.secret && config.secret.length < 32) throw new Error('ACTION_LOG_SECRET must be at least 32 characters long');
  return config;
}

function nonNegativeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  const value = text === undefined || text === '' ? fallback : Number(text);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of at least 0, got "${text}"`);
  return value;
}

function mediaDirOf(value: string | undefined, databaseUrl: string): string {
  if (value) return path.resolve(value);
  const database = parseDatabaseUrl(databaseUrl);
  return path.resolve(database.kind === 'sqlite' ? path.dirname(database.file) : './data', 'media');
}

function baseUrlOf(value: string | undefined, name: string): string {
  if (!value) return '';
  try {
    const url = new URL(value);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${value}"`);
  }
}

function originOf(value: string | undefined, name: string): string {
  if (!value) return '';
  try {
    return new URL(value).origin;
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${value}"`);
  }
}

const FLAG_VALUES: Readonly<Record<string, boolean>> = { true: true, on: true, '1': true, false: false, off: false, '0': false };

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = FLAG_VALUES[value.toLowerCase()];
  if (parsed === undefined) throw new Error(`${name} must be true or false (or on/off, 1/0), got "${value}"`);
  return parsed;
}

function clockStartOf(value: string | undefined, production: boolean): Date | null {
  if (!value) return null;
  if (production) throw new Error('CLOCK_START_AT moves the server clock and is refused in production');
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`CLOCK_START_AT must be an ISO date, got "${value}"`);
  return date;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name] ? Number(env[name]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, got "${env[name]}"`);
  return value;
}
