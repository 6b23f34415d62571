import fs from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { rawConnection } from '../../test/helpers/rawConnection';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/testDatabase';
import { openActionLogReader } from '../actionLog/actionLogs';
import { readActionLog } from '../actionLog/actionLogStore';
import { ACTION_LOG_TABLES, actionLogFileOf } from './actionLogFile';
import { schemaMigrator } from './migrator';
import { SqliteDatabase } from './sqliteDatabase';

const tablesOf = (file: string) => {
  const connection = new BetterSqlite3(file, { readonly: true });
  try {
    return (connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'kysely_%' ORDER BY name").all() as { name: string }[]).map((row) => row.name);
  } finally {
    connection.close();
  }
};

describe('migration 0030 keeps the action logs apart from the shop\'s tables', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  test('on SQLite the stored logs move into a file of their own, whole, and the shop\'s file keeps none of their tables; PostgreSQL keeps them', async () => {
    const before = rawConnection(database.url);
    try {
      expect((await schemaMigrator(before, database.kind).migrateTo('0029_support_console')).error).toBeUndefined();
      await before
        .insertInto('action_log_sessions' as never)
        .values({ id: 'tab-1', user_id: 7, started_at: 1_000, last_seen_at: 2_000, entry_count: 2, page_count: 1, viewport_width: 390, failed_requests: 0, error_count: 0, imported_at: null } as never)
        .execute();
      await before
        .insertInto('action_log_entries' as never)
        .values([
          { session_id: 'tab-1', seq: 1, at: '2026-11-20T10:00:00.000Z', type: 'actionLog/sessionStarted', payload: '{"state":{}}' },
          { session_id: 'tab-1', seq: 2, at: '2026-11-20T10:00:01.000Z', type: 'shell/panelClosed', payload: null },
        ] as never)
        .execute();
      await sql`UPDATE action_log_usage SET entries = 2 WHERE id = 1`.execute(before);
      await before.insertInto('action_log_address_minutes' as never).values({ address_key: 'k', minute: 5, entries: 2 } as never).execute();
      if (database.kind === 'sqlite') {
        // A half-done move (the server died after copying, before dropping): the next start copies from scratch.
        const log = await SqliteDatabase.openActionLogFile(actionLogFileOf(database.sqliteFile!));
        await log.transaction((tx) => tx.insertInto('action_log_entries').values({ session_id: 'tab-1', seq: 1, at: 'x', type: 'stale', payload: null }).execute());
        await log.close();
      }
    } finally {
      await before.destroy();
    }

    const migrated = await database.open();
    const logs = openActionLogReader(migrated);
    try {
      expect(await readActionLog(logs.query, 'tab-1')).toEqual([
        { seq: 1, at: '2026-11-20T10:00:00.000Z', type: 'actionLog/sessionStarted', payload: { state: {} } },
        { seq: 2, at: '2026-11-20T10:00:01.000Z', type: 'shell/panelClosed' },
      ]);
      expect(await logs.query.selectFrom('action_log_sessions').select(['id', 'user_id', 'viewport_width', 'entry_count']).execute()).toEqual([{ id: 'tab-1', user_id: 7, viewport_width: 390, entry_count: 2 }]);
      expect(Number((await logs.query.selectFrom('action_log_usage').select('entries').executeTakeFirstOrThrow()).entries)).toBe(2);
      expect(await logs.query.selectFrom('action_log_address_minutes').select(['address_key', 'entries']).execute()).toEqual([{ address_key: 'k', entries: 2 }]);
      if (database.kind === 'sqlite') {
        const shopTables = tablesOf(database.sqliteFile!);
        expect(shopTables.filter((table) => (ACTION_LOG_TABLES as readonly string[]).includes(table))).toEqual([]);
        expect(shopTables).toContain('events');
        expect(tablesOf(actionLogFileOf(database.sqliteFile!))).toEqual([...ACTION_LOG_TABLES].sort());
      }
    } finally {
      await logs.close();
      await migrated.close();
    }
  });

  test('the log file is named after the database, beside it', () => {
    expect(actionLogFileOf('/srv/data/beatcrate.sqlite')).toBe('/srv/data/beatcrate.action-logs.sqlite');
    expect(actionLogFileOf('data/shop.db')).toBe('data/shop.action-logs.db');
    expect(actionLogFileOf('shop')).toBe('shop.action-logs.sqlite');
    if (database.kind === 'sqlite') expect(fs.existsSync(actionLogFileOf(database.sqliteFile!))).toBe(true);
  });
});
