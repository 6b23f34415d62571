import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { ActionLogTicket } from '../../shared/actionLog/entry';
import { openActionLogReader } from '../../server/actionLog/actionLogs';
import { readActionLog } from '../../server/actionLog/actionLogStore';
import { createEventStore } from '../../server/eventStore/createEventStore';
import { issuedTicket } from '../actionLog/issuedTicket';
import { SHARED_MEDIA_DIR } from '../e2e/helpers/server';
import { ApiBrowser } from '../helpers/accountClient';
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase';

const ROOT = path.resolve(__dirname, '../..');

/** Starts `npm start`'s entry as its own process and resolves with its address. */
function startServer(databaseUrl: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  // Node itself runs the server (tsx as a loader), so SIGKILL reaches the server and no launcher in between.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    // The demo previews come from the Chromium suites' folder: synthesizing them again would take most of this test's time.
    env: {
      ...process.env,
      PORT: '0',
      DATABASE_URL: databaseUrl,
      MEDIA_DIR: SHARED_MEDIA_DIR,
      // The demo month's orders would only lengthen the start this test kills.
      DEMO_ACTIVITY: 'off',
      ACTION_LOG_BATCHES_PER_MINUTE: '1000000',
      ACTION_LOG_ENTRIES_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, baseUrl: match[1]!.replace('localhost', '127.0.0.1') });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

describe('acknowledged writes survive SIGKILL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  test('every cart add and action-log batch the server acknowledged is in the database after kill -9', async () => {
    const { child, baseUrl } = await startServer(database.url);
    const tabs = await Promise.all([1, 2, 3, 4].map(() => issuedTicket(baseUrl)));
    const acknowledged = new Set<number>();
    let seq = 0;
    let killed = false;
    const exited = new Promise((resolve) => child.once('exit', resolve));

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
    while (acknowledged.size < 200 || addedToCarts.size < 100) await new Promise((resolve) => setTimeout(resolve, 5));
    child.kill('SIGKILL');
    killed = true;
    await exited;
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
