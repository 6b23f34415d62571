import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { ActionLogEntry } from '../../shared/actionLog/entry';
import { createEventStore } from '../../server/eventStore/createEventStore';
import { actionLogStreamId } from '../../server/http/actionLogEndpoints';
import { SHARED_MEDIA_DIR } from '../e2e/helpers/server';
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase';

const ROOT = path.resolve(__dirname, '../..');

/** Starts `npm start`'s entry as its own process and resolves with its address. */
function startServer(databaseUrl: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  // Node itself runs the server (tsx as a loader), so SIGKILL reaches the server and no launcher in between.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    // The demo previews come from the Chromium suites' folder: synthesizing them again would take most of this test's time.
    env: { ...process.env, PORT: '0', DATABASE_URL: databaseUrl, MEDIA_DIR: SHARED_MEDIA_DIR, ACTION_LOG_BATCHES_PER_MINUTE: '1000000' },
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

describe('acknowledged events survive SIGKILL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  test('every batch the server answered 201 is in the event store after kill -9', async () => {
    const { child, baseUrl } = await startServer(database.url);
    const acknowledged = new Set<number>();
    let seq = 0;
    let killed = false;
    const exited = new Promise((resolve) => child.once('exit', resolve));

    // Four writers post one-entry batches to their own sessions until the server is gone.
    const writer = async (session: string) => {
      while (!killed) {
        const mine = ++seq;
        try {
          const response = await fetch(`${baseUrl}/api/v1/action-log`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ sessionId: session, entries: [{ seq: mine, at: new Date().toISOString(), type: 'test/tick', payload: { mine } }] }),
          });
          if (response.status === 201) acknowledged.add(mine);
        } catch {
          return;
        }
      }
    };
    const writers = ['kill-a-0001', 'kill-b-0001', 'kill-c-0001', 'kill-d-0001'].map(writer);
    while (acknowledged.size < 200) await new Promise((resolve) => setTimeout(resolve, 5));
    child.kill('SIGKILL');
    killed = true;
    await exited;
    await Promise.all(writers);

    const reopened = await database.open();
    const store = createEventStore(reopened, { now: () => new Date() });
    try {
      const stored = new Set<number>();
      for (const session of ['kill-a-0001', 'kill-b-0001', 'kill-c-0001', 'kill-d-0001']) {
        for (const event of await store.readStream(actionLogStreamId(session))) stored.add((event.data as ActionLogEntry).seq);
      }
      const lost = [...acknowledged].filter((value) => !stored.has(value));
      expect(acknowledged.size).toBeGreaterThanOrEqual(200);
      expect(lost).toEqual([]);
    } finally {
      await store.close();
      await reopened.close();
    }
  }, 120_000);
});
