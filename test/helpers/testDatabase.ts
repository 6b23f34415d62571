import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../server/db/database';
import { openDatabase } from '../../server/db/openDatabase';
import { inDatabase, onServer, publishedMigratedTemplate, TEMPLATE_SQLITE_FILE } from './migratedTemplate';

/**
 * A fresh, real database for one test file: a new SQLite file, or a new PostgreSQL database
 * on the server named by TEST_DATABASE_URL.
 */
export interface TestDatabase {
  url: string;
  kind: 'sqlite' | 'postgres';
  /** The SQLite file, which a migrator needs to keep the action logs beside it (migration 0030). */
  sqliteFile?: string;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/**
 * `migrated`: a copy of the run's migrated template (migratedTemplate.ts) when there is one, so
 * opening it migrates nothing; else, and by default, an empty database that opening migrates.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const template = options.migrated ? publishedMigratedTemplate() : null;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `beatcrate_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await onServer(serverUrl, (client) => client.query(template?.kind === 'postgres' ? `CREATE DATABASE ${name} TEMPLATE ${template.name}` : `CREATE DATABASE ${name}`));
    const url = inDatabase(serverUrl, name);
    return {
      url,
      kind: 'postgres',
      open: () => openDatabase(url),
      drop: () => onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-test-'));
  const file = path.join(dir, TEMPLATE_SQLITE_FILE);
  // The database file and its action-log file beside it.
  if (template?.kind === 'sqlite') for (const name of fs.readdirSync(template.dir)) fs.copyFileSync(path.join(template.dir, name), path.join(dir, name));
  return {
    url: `sqlite:${file}`,
    kind: 'sqlite',
    sqliteFile: file,
    open: () => openDatabase(`sqlite:${file}`),
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
