import { DEFAULT_PORT } from '../shared/domain/constants';
import { DEFAULT_DATABASE_URL, parseDatabaseUrl } from './db/openDatabase';

export interface Config {
  port: number;
  databaseUrl: string;
  production: boolean;
  /** Number of proxies in front of us, for the client address behind a load balancer. */
  trustProxy: number;
  /** Origins of the dashboard, admin and file hosts; empty means this server. */
  publicUrls: { dashboard: string; admin: string; files: string };
  /** Action-log batches one address may send per minute before getting 429. */
  actionLogBatchesPerMinute: number;
}

/** Reads configuration from the environment, with working defaults; refuses bad values at start-up. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT === undefined || env.PORT === '' ? DEFAULT_PORT : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const trustProxy = env.TRUST_PROXY ? Number(env.TRUST_PROXY) : 0;
  if (!Number.isInteger(trustProxy) || trustProxy < 0) throw new Error(`TRUST_PROXY must be a count of proxies, got "${env.TRUST_PROXY}"`);
  const actionLogBatchesPerMinute = env.ACTION_LOG_BATCHES_PER_MINUTE ? Number(env.ACTION_LOG_BATCHES_PER_MINUTE) : 120;
  if (!Number.isInteger(actionLogBatchesPerMinute) || actionLogBatchesPerMinute < 1) {
    throw new Error(`ACTION_LOG_BATCHES_PER_MINUTE must be a positive whole number, got "${env.ACTION_LOG_BATCHES_PER_MINUTE}"`);
  }
  const databaseUrl = env.DATABASE_URL || DEFAULT_DATABASE_URL;
  parseDatabaseUrl(databaseUrl);
  return {
    port,
    databaseUrl,
    production: env.NODE_ENV === 'production',
    trustProxy,
    actionLogBatchesPerMinute,
    publicUrls: {
      dashboard: originOf(env.DASHBOARD_URL, 'DASHBOARD_URL'),
      admin: originOf(env.ADMIN_URL, 'ADMIN_URL'),
      files: originOf(env.FILES_URL, 'FILES_URL'),
    },
  };
}

function originOf(value: string | undefined, name: string): string {
  if (!value) return '';
  try {
    return new URL(value).origin;
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${value}"`);
  }
}
