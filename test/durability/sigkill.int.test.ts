import type { ActionLogTicket } from '../../shared/actionLog/entry';
import { openActionLogReader } from '../../server/actionLog/actionLogs';
import { readActionLog } from '../../server/actionLog/actionLogStore';
import { createEventStore } from '../../server/eventStore/createEventStore';
import { issuedTicket } from '../actionLog/issuedTicket';
import { startServer } from '../e2e/helpers/server';
import { ApiBrowser } from '../helpers/accountClient';
import { eventually } from '../helpers/eventually';
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase';

/** The writers below post as fast as they can, from one address. */
const UNLIMITED_ACTION_LOGS = { ACTION_LOG_BATCHES_PER_MINUTE: '1000000', ACTION_LOG_ENTRIES_PER_MINUTE: '1000000' };

describe('acknowledged writes survive SIGKILL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  test('every cart add and action-log batch the server acknowledged is in the database after kill -9', async () => {
    const server = await startServer({ databaseUrl: database.url, env: UNLIMITED_ACTION_LOGS });
    const { baseUrl } = server;
    const tabs = await Promise.all([1, 2, 3, 4].map(() => issuedTicket(baseUrl)));
    const acknowledged = new Set<number>();
    let seq = 0;
    let killed = false;

    // Four writers post one-entry batches to their own sessions until the server is gone.
    const writer = async (ticket: ActionLogTicket) => {
      while (!killed) {
        const mine = ++seq;
        try {
          const response = await fetch(`${baseUrl}/api/v1/action-log`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ ...ticket, entries: [{ seq: mine, at: new Date().toISOString(), type: 'test/tick', payload: { mine } }] }),
          });
          if (response.status === 201) acknowledged.add(mine);
        } catch {
          return;
        }
      }
    };
    // Four guests add beats to their carts (events in the event store), each its own quarter of the catalogue.
    const addedToCarts = new Set<number>();
    const shopper = async (quarter: number) => {
      const guest = new ApiBrowser(baseUrl);
      for (let product = quarter + 1; product <= 320 && !killed; product += 4) {
        try {
          const response = await guest.call('POST', '/ecommerce/cart', { product, includeProjectFile: false });
          if (response.status === 200) addedToCarts.add(product);
        } catch {
          return;
        }
      }
    };
    const writers = [...tabs.map(writer), ...[0, 1, 2, 3].map(shopper)];
    await eventually(() => [acknowledged.size, addedToCarts.size], ([batches, adds]) => batches! >= 200 && adds! >= 100, '200 acknowledged batches and 100 cart adds');
    server.kill('SIGKILL');
    killed = true;
    await server.exited;
    await Promise.all(writers);

    const reopened = await database.open();
    const events = createEventStore(reopened, { now: () => new Date() });
    const logs = openActionLogReader(reopened);
    try {
      const stored = new Set<number>();
      for (const ticket of tabs) for (const entry of await readActionLog(logs.query, ticket.sessionId)) stored.add(entry.seq);
      expect(acknowledged.size).toBeGreaterThanOrEqual(200);
      expect([...acknowledged].filter((value) => !stored.has(value))).toEqual([]);
      const inCarts = new Set((await events.readAll({ types: ['CartItemAdded'] })).map((event) => (event.data as { productId: number }).productId));
      expect(addedToCarts.size).toBeGreaterThanOrEqual(100);
      expect([...addedToCarts].filter((product) => !inCarts.has(product))).toEqual([]);
    } finally {
      await events.close();
      await logs.close();
      await reopened.close();
    }
  }, 120_000);
});
