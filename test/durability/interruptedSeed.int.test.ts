import { spawn } from 'node:child_process';
import path from 'node:path';
import { openActionLogReader } from '../../server/actionLog/actionLogs';
import { SHARED_MEDIA_DIR } from '../e2e/helpers/server';
import { logMessages } from '../helpers/logLines';
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase';

const ROOT = path.resolve(__dirname, '../..');
/** Every server here starts on the same morning, so each first start seeds the same demo month. */
const CLOCK_START_AT = '2026-11-20T09:00:00Z';
const START_TIMEOUT_MS = 600_000;

interface ServerProcess {
  /** Resolves once the server listens; rejects if it exits first. */
  listening: Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  stop(): Promise<void>;
}

/** `npm start`'s entry as its own process (node runs it, so a signal reaches the server itself). */
function startServer(databaseUrl: string, env: Record<string, string> = {}): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    // The previews and art come from the Chromium suites' folder: a first start renders only what is missing there.
    env: { ...process.env, PORT: '0', MEDIA_DIR: SHARED_MEDIA_DIR, CLOCK_START_AT, DEMO_ACTIVITY: 'on', ...env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => {
      if (logMessages(output).some((message) => message.startsWith('Beatcrate is listening on'))) resolve();
    });
    void exited.then(({ code, signal }) => reject(new Error(`the server exited (${code ?? signal}) before listening:\n${output}`)));
  });
  return {
    listening,
    exited,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      const { code } = await exited;
      if (code !== 0) throw new Error(`the server did not stop cleanly:\n${output}`);
    },
  };
}

/** Starts a server that is to stop itself during its first start (CRASH_AT) and waits for it to be gone. */
async function interruptedStart(databaseUrl: string, env: Record<string, string>) {
  const server = startServer(databaseUrl, env);
  const listened = server.listening.then(
    async () => {
      await server.stop();
      throw new Error(`the server listened instead of stopping in its seed:\n${server.output()}`);
    },
    () => undefined,
  );
  const exit = await server.exited;
  await listened;
  return { ...exit, output: server.output() };
}

async function startAndStop(databaseUrl: string, env: Record<string, string> = {}): Promise<string> {
  const server = startServer(databaseUrl, env);
  await server.listening;
  await server.stop();
  return server.output();
}

const counted = (rows: { key: string; n: number | string }[]) => Object.fromEntries(rows.map((row) => [row.key, Number(row.n)]));

/**
 * Events a server's background jobs add once it listens, as many as they reach before it stops:
 * not the seed's, so not compared between two shops; each still happens at most once per stream.
 */
const JOB_EVENTS = ['LicenceContractIssued'];

/** What a shop holds, counted: its domain events by type, its browser tabs and their entries, its analytics events, its mails. */
async function shopContents(testDatabase: TestDatabase) {
  const database = await testDatabase.open();
  const logs = openActionLogReader(database);
  try {
    const events = await database.query
      .selectFrom('events')
      .select((eb) => [eb.ref('type').as('key'), eb.fn.countAll<number | string>().as('n')])
      .where('type', 'not in', JOB_EVENTS)
      .groupBy('type')
      .execute();
    const repeatedJobEvents = await database.query
      .selectFrom('events')
      .select((eb) => [eb.ref('stream_id').as('key'), eb.fn.countAll<number | string>().as('n')])
      .where('type', 'in', JOB_EVENTS)
      .groupBy(['stream_id', 'type'])
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(repeatedJobEvents).toEqual([]);
    const analytics = await database.query.selectFrom('analytics_events').select((eb) => [eb.ref('event').as('key'), eb.fn.countAll<number | string>().as('n')]).groupBy('event').execute();
    const tabs = await logs.query.selectFrom('action_log_sessions').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    const mails = await database.query.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    return { events: counted(events), analytics: counted(analytics), tabs: Number(tabs.n), mails: Number(mails.n) };
  } finally {
    await logs.close();
    await database.close();
  }
}

/**
 * The issue: "Ctrl-C during the first `npm start` while it printed 'listed 100/332 products', then
 * `npm start` again: it listens at once and never finishes the seed." Here real servers' first
 * starts are stopped in the middle of the demo seed (CRASH_AT, no timing): killed with SIGKILL
 * while listing the catalogue and again halfway through the demo month, or stopped with SIGINT as
 * Ctrl-C does; the next start finishes the seed, and the shop is the one a first start nobody
 * interrupted seeds, with nothing twice.
 */
describe('a first start interrupted during the demo seed', () => {
  const databases: TestDatabase[] = [];
  const database = async () => {
    const created = await createTestDatabase();
    databases.push(created);
    return created;
  };
  afterAll(() => Promise.all(databases.map((created) => created.drop())));

  test(
    'killed while listing the catalogue, killed again in the demo month, then two servers start together: one finishes the seed, and the shop is the uninterrupted one, nothing twice',
    async () => {
      const [reference, interrupted] = [await database(), await database()];
      await startAndStop(reference.url);
      const uninterrupted = await shopContents(reference);
      expect(uninterrupted.events).toMatchObject({ ProducerProfileCreated: 15, ProductListed: 332, UserRegistered: 18 });
      expect(uninterrupted.tabs).toBeGreaterThan(200);

      const inCatalogue = await interruptedStart(interrupted.url, { CRASH_AT: 'demo-catalogue' });
      expect(inCatalogue.signal).toBe('SIGKILL');
      expect(logMessages(inCatalogue.output)).toContain('listed 100/332 products');
      expect(logMessages(inCatalogue.output)).not.toContain('listed 200/332 products');

      const inMonth = await interruptedStart(interrupted.url, { CRASH_AT: 'demo-month' });
      expect(inMonth.signal).toBe('SIGKILL');
      expect(logMessages(inMonth.output)).toContain('Resuming the demo seed: 100 of 332 products listed');
      expect(logMessages(inMonth.output)).toContain('listed 200/332 products');
      expect(logMessages(inMonth.output)).toContainEqual(expect.stringMatching(/^Seeded the demo catalogue/));
      expect(logMessages(inMonth.output)).not.toContainEqual(expect.stringMatching(/^Seeded a month of demo activity/));

      // As two containers of one app start after a crash: one takes the seed up, the other waits for it.
      const servers = [startServer(interrupted.url), startServer(interrupted.url)];
      await Promise.all(servers.map((server) => server.listening));
      await Promise.all(servers.map((server) => server.stop()));
      const said = servers.map((server) => logMessages(server.output()));
      expect(said.filter((messages) => messages.some((message) => /^Resuming the demo month: \d+ of \d+ visits played$/.test(message)))).toHaveLength(1);
      expect(said.filter((messages) => messages.some((message) => message.startsWith('Seeded a month of demo activity')))).toHaveLength(1);
      expect(said.flat()).not.toContainEqual(expect.stringMatching(/^Resuming the demo seed/));

      expect(await shopContents(interrupted)).toEqual(uninterrupted);
      // Started once more, the shop is finished and left as it is.
      expect(logMessages(await startAndStop(interrupted.url))).not.toContainEqual(expect.stringMatching(/^(Resuming|Seeded)/));
    },
    4 * START_TIMEOUT_MS,
  );

  test(
    'Ctrl-C while listing the catalogue: the server says so and stops, and the next start lists the rest once',
    async () => {
      const shop = await database();
      const stopped = await interruptedStart(shop.url, { CRASH_AT: 'demo-catalogue', CRASH_SIGNAL: 'SIGINT', DEMO_ACTIVITY: 'off' });
      expect(stopped.code).toBe(130);
      expect(logMessages(stopped.output)).toContain('SIGINT during start-up: stopped. The next start finishes what this one began.');

      expect(logMessages(await startAndStop(shop.url, { DEMO_ACTIVITY: 'off' }))).toContain('Resuming the demo seed: 100 of 332 products listed');
      const { events } = await shopContents(shop);
      expect(events).toEqual({ ProducerProfileCreated: 15, ProductListed: 332, ProductSold: 20, CouponCreated: 3 });
    },
    2 * START_TIMEOUT_MS,
  );
});
