import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { create, type Infer, literal, object, string, union } from 'superstruct';
import { openDatabase } from '../../server/db/openDatabase';

/**
 * A database migrated once per jest run, which test apps copy instead of migrating their own:
 * on PostgreSQL a migration takes seconds (a copy by CREATE DATABASE … TEMPLATE takes a tenth of
 * one), on SQLite over half a second (a file copy, milliseconds). The integration project's
 * globalSetup makes it; the workers find it in the environment they inherit.
 */
const MigratedTemplate = union([object({ kind: literal('sqlite'), dir: string() }), object({ kind: literal('postgres'), serverUrl: string(), name: string() })]);
export type MigratedTemplate = Infer<typeof MigratedTemplate>;

const ENV_KEY = 'BEATCRATE_TEST_TEMPLATE';
/** The file a SQLite template's folder holds, beside which its action-log file lies (migration 0030). */
export const TEMPLATE_SQLITE_FILE = 'test.sqlite';

/** The URL of database `name` on the server of `serverUrl`. */
export const inDatabase = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Runs `work` on a connection to the server of `serverUrl` (its maintenance database), then closes it. */
export async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Migrates a new database (SQLite, or PostgreSQL on TEST_DATABASE_URL's server) to copy from. */
export async function makeMigratedTemplate(): Promise<MigratedTemplate> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `beatcrate_template_${process.pid}_${Date.now().toString(36)}`;
    await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    // Closed before any copy: PostgreSQL copies only a database nobody is connected to.
    await (await openDatabase(inDatabase(serverUrl, name))).close();
    return { kind: 'postgres', serverUrl, name };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-test-template-'));
  await (await openDatabase(`sqlite:${path.join(dir, TEMPLATE_SQLITE_FILE)}`)).close();
  return { kind: 'sqlite', dir };
}

export async function removeMigratedTemplate(template: MigratedTemplate): Promise<void> {
  if (template.kind === 'sqlite') fs.rmSync(template.dir, { recursive: true, force: true });
  else await onServer(template.serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${template.name} WITH (FORCE)`));
}

export function publishMigratedTemplate(template: MigratedTemplate): void {
  process.env[ENV_KEY] = JSON.stringify(template);
}

/** The run's template, when this project's globalSetup made one (the integration project's does). */
export function publishedMigratedTemplate(): MigratedTemplate | null {
  const published = process.env[ENV_KEY];
  return published ? create(JSON.parse(published), MigratedTemplate) : null;
}
