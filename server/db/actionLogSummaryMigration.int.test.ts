import { rawConnection } from '../../test/helpers/rawConnection';
import { sql } from 'kysely';
import { SESSION_STARTED } from '../../shared/actionLog/entry';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/testDatabase';
import { schemaMigrator } from './migrator';

const session = (id: string) => ({ id, user_id: null, started_at: 1_000, last_seen_at: 2_000, entry_count: 0 });
const entry = (sessionId: string, seq: number, type: string, payload: unknown) => ({
  session_id: sessionId,
  seq,
  at: '2026-11-01T10:00:00.000Z',
  type,
  payload: payload === undefined ? null : typeof payload === 'string' ? payload : JSON.stringify(payload),
});
const pageLoad = (sessionId: string, seq: number, viewport?: unknown) => entry(sessionId, seq, SESSION_STARTED, viewport === undefined ? { state: {} } : { state: {}, viewport });

describe('migration 0028 fills the summary columns of the logs already stored', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  test('pages, the first page load\'s width, failed requests and errors of each log, from its entries', async () => {
    const db = rawConnection(database.url);
    try {
      expect((await schemaMigrator(db, database.kind).migrateTo('0027_producer_offers')).error).toBeUndefined();
      await db.insertInto('action_log_sessions' as never).values(['busy', 'quiet', 'no-width', 'odd-widths', 'no-payload', 'nul-first'].map(session) as never).execute();
      await db
        .insertInto('action_log_entries' as never)
        .values([
          // The first page load by sequence number gives the width, whatever the rows' order.
          pageLoad('busy', 3, { width: 390, height: 844 }),
          pageLoad('busy', 1, { width: 1280, height: 800 }),
          entry('busy', 2, 'navigation/navigationArrived', { pathname: '/beats' }),
          entry('busy', 4, 'navigation/navigationRequested', { pathname: '/cart' }),
          entry('busy', 5, 'navigation/navigationArrived', { pathname: '/cart' }),
          entry('busy', 6, 'api/requestFailed', { method: 'POST', path: '/api/v1/ecommerce/cart/coupon', status: 400, message: 'Invalid coupon' }),
          entry('busy', 7, 'notifications/errorToastShown', { id: 'a', message: 'Invalid coupon' }),
          entry('busy', 8, 'notifications/errorToastShown', { id: 'b', message: 'Try again' }),
          // A later page load whose text jsonb would refuse (a \u0000 escape) is counted and breaks nothing.
          entry('busy', 9, SESSION_STARTED, '{"state":{"note":"a\\u0000b"},"viewport":{"width":800,"height":600}}'),
          entry('quiet', 1, 'cart/cartLoaded', { items: [] }),
          pageLoad('no-width', 1),
          pageLoad('no-width', 2, { width: 1024, height: 768 }),
          pageLoad('odd-widths', 1, { width: '1280', height: 800 }),
          entry('odd-widths', 2, 'api/requestFailed', { method: 'GET', path: '/api/v1/ecommerce/cart', status: 0, message: 'Failed to fetch' }),
          entry('no-payload', 1, SESSION_STARTED, undefined),
          entry('nul-first', 1, SESSION_STARTED, '{"state":{"note":"a\\u0000b"},"viewport":{"width":800,"height":600}}'),
        ] as never)
        .execute();

      expect((await schemaMigrator(db, database.kind).migrateTo('0028_action_log_summaries')).error).toBeUndefined();
      const rows = (await db
        .selectFrom('action_log_sessions' as never)
        .select(['id', 'page_count', 'viewport_width', 'failed_requests', 'error_count'] as never)
        .orderBy('id' as never)
        .execute()) as Array<Record<string, unknown>>;
      expect(rows.map((row) => [row.id, Number(row.page_count), row.viewport_width === null ? null : Number(row.viewport_width), Number(row.failed_requests), Number(row.error_count)])).toEqual([
        ['busy', 5, 1280, 1, 3],
        ['no-payload', 1, null, 0, 0],
        ['no-width', 2, null, 0, 0],
        // PostgreSQL's jsonb cannot read such text: that one page load's width stays unknown there.
        ['nul-first', 1, database.kind === 'postgres' ? null : 800, 0, 0],
        ['odd-widths', 1, null, 1, 1],
        ['quiet', 0, null, 0, 0],
      ]);

      const indexes =
        database.kind === 'postgres'
          ? await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE indexname IN ('action_log_entries_type', 'action_log_sessions_started') ORDER BY 1`.execute(db)
          : await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND name IN ('action_log_entries_type', 'action_log_sessions_started') ORDER BY 1`.execute(db);
      expect(indexes.rows.map((row) => row.name)).toEqual(['action_log_entries_type', 'action_log_sessions_started']);
      expect((await schemaMigrator(db, database.kind, database.sqliteFile).migrateToLatest()).error).toBeUndefined();
    } finally {
      await db.destroy();
    }
  });
});
