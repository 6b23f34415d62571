import { rawConnection } from '../../test/helpers/rawConnection';
import { SESSION_STARTED } from '../../shared/actionLog/entry';
import { openActionLogReader } from '../actionLog/actionLogs';
import { readActionLog } from '../actionLog/actionLogStore';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/testDatabase';
import { schemaMigrator } from './migrator';

describe('migration 0009 moves the foundation\'s action logs out of the event store', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  test('every ActionRecorded event becomes an entry of its log, and the event store keeps only domain events', async () => {
    const before = rawConnection(database.url);
    try {
      const { error } = await schemaMigrator(before, database.kind).migrateTo('0008_sandbox_payments');
      expect(error).toBeUndefined();
      // What the foundation's POST /action-log appended: one redacted entry per event.
      const recorded = (stream: string, version: number, recordedAt: string, data: Record<string, unknown>) => ({
        stream_id: stream,
        version,
        type: 'ActionRecorded',
        data: JSON.stringify(data),
        metadata: null,
        recorded_at: recordedAt,
      });
      await before
        .insertInto('events' as never)
        .values([
          recorded('actionLog-3b1f0c9e-tab-one', 1, '2026-10-01T09:00:00.000Z', {
            seq: 1,
            at: '2026-10-01T09:00:00.000Z',
            type: SESSION_STARTED,
            payload: { state: { i18n: { language: 'en' } } },
          }),
          { stream_id: 'cart-user-1', version: 1, type: 'ItemAddedToCart', data: '{"productId":3}', metadata: null, recorded_at: '2026-10-01T09:00:01.000Z' },
          recorded('actionLog-3b1f0c9e-tab-one', 2, '2026-10-01T09:00:02.500Z', { seq: 2, at: '2026-10-01T09:00:02.000Z', type: 'i18n/languageChanged', payload: 'ru' }),
          recorded('actionLog-3b1f0c9e-tab-one', 3, '2026-10-01T09:05:00.000Z', { seq: 3, at: '2026-10-01T09:05:00.000Z', type: 'shell/panelClosed' }),
          recorded('actionLog-other-tab-0002', 1, '2026-10-02T12:00:00.000Z', { seq: 1, at: '2026-10-02T12:00:00.000Z', type: 'cart/loaded', payload: null }),
        ] as never)
        .execute();
    } finally {
      await before.destroy();
    }

    const migrated = await database.open();
    const logs = openActionLogReader(migrated);
    try {
      expect(await readActionLog(logs.query, '3b1f0c9e-tab-one')).toEqual([
        { seq: 1, at: '2026-10-01T09:00:00.000Z', type: SESSION_STARTED, payload: { state: { i18n: { language: 'en' } } } },
        { seq: 2, at: '2026-10-01T09:00:02.000Z', type: 'i18n/languageChanged', payload: 'ru' },
        { seq: 3, at: '2026-10-01T09:05:00.000Z', type: 'shell/panelClosed' },
      ]);
      expect(await readActionLog(logs.query, 'other-tab-0002')).toEqual([{ seq: 1, at: '2026-10-02T12:00:00.000Z', type: 'cart/loaded', payload: null }]);

      // The columns 0009 made (later migrations add their own).
      const sessions = await logs.query.selectFrom('action_log_sessions').select(['id', 'user_id', 'started_at', 'last_seen_at', 'entry_count']).orderBy('id').execute();
      expect(sessions).toEqual([
        {
          id: '3b1f0c9e-tab-one',
          user_id: null,
          started_at: Date.parse('2026-10-01T09:00:00.000Z'),
          last_seen_at: Date.parse('2026-10-01T09:05:00.000Z'),
          entry_count: 3,
        },
        { id: 'other-tab-0002', user_id: null, started_at: Date.parse('2026-10-02T12:00:00.000Z'), last_seen_at: Date.parse('2026-10-02T12:00:00.000Z'), entry_count: 1 },
      ]);
      expect(await logs.query.selectFrom('action_log_usage').selectAll().execute()).toEqual([{ id: 1, entries: 4 }]);
      const events = await migrated.query.selectFrom('events').select(['stream_id', 'type']).execute();
      expect(events).toEqual([{ stream_id: 'cart-user-1', type: 'ItemAddedToCart' }]);
    } finally {
      await logs.close();
      await migrated.close();
    }
  });
});
