import { manualClock } from '../../test/helpers/accountClient';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/testDatabase';
import type { Database } from '../db/database';
import { type Job, JobRunner } from './jobRunner';

const EVERY_MS = 60_000;
const LEASE_MS = 10_000;

const until = async (condition: () => boolean | Promise<boolean>, what: string) => {
  for (let waited = 0; !(await condition()); waited += 10) {
    if (waited > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

/** Two servers on one database, each with its own runner and connection: every due run happens once. */
describe('background jobs with leases in the database', () => {
  const clock = manualClock(new Date('2026-11-21T10:00:00.000Z'));
  let testDatabase: TestDatabase;
  const databases: Database[] = [];
  const runners: JobRunner[] = [];
  const runs: string[] = [];
  let failNext = false;

  const job = (server: string): Job => ({
    name: 'count',
    everyMs: EVERY_MS,
    atStartup: true,
    async run() {
      runs.push(server);
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (failNext) {
        failNext = false;
        throw new Error('the provider is out of reach');
      }
    },
  });
  const jobRow = () => databases[0]!.query.selectFrom('jobs').selectAll().where('name', '=', 'count').executeTakeFirstOrThrow();

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    for (const server of ['a', 'b']) {
      const database = await testDatabase.open();
      databases.push(database);
      runners.push(new JobRunner(database, clock, [job(server)], { pollMs: 20, leaseMs: LEASE_MS }));
    }
  });
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    for (const database of databases) await database.close();
    await testDatabase.drop();
  });

  test('two servers starting together run the start-up job once, and each due run once', async () => {
    // One after the other: better-sqlite3 waits for a busy file synchronously, so two connections
    // in one process cannot both be inside a transaction (two server processes can).
    for (const runner of runners) await runner.start();
    await until(() => runs.length === 1, 'the start-up run');
    await settle();
    expect(runs).toHaveLength(1);
    expect(await jobRow()).toMatchObject({ lease_owner: null, lease_until: null, last_error: null });
    expect(Number((await jobRow()).next_run_at)).toBe(clock.now().getTime() + EVERY_MS);

    clock.advance(EVERY_MS - 1);
    await settle();
    expect(runs).toHaveLength(1);
    clock.advance(1);
    await until(() => runs.length === 2, 'the second run');
    await settle();
    expect(runs).toHaveLength(2);
  });

  test('a lease left by a server that died is taken over once it runs out', async () => {
    clock.advance(EVERY_MS);
    const now = clock.now().getTime();
    // What a server killed during the run leaves behind.
    await databases[0]!.transaction((tx) => tx.updateTable('jobs').set({ lease_owner: 'killed-server', lease_until: now + LEASE_MS }).where('name', '=', 'count').execute());
    const before = runs.length;
    await settle();
    expect(runs).toHaveLength(before);
    clock.advance(LEASE_MS);
    await until(() => runs.length === before + 1, 'the take-over');
    await settle();
    expect(runs).toHaveLength(before + 1);
    expect((await jobRow()).lease_owner).toBeNull();
  });

  test('a failed run is recorded and the job runs again at its next due time', async () => {
    failNext = true;
    clock.advance(EVERY_MS);
    const before = runs.length;
    await until(async () => runs.length === before + 1 && (await jobRow()).lease_owner === null, 'the failing run');
    expect((await jobRow()).last_error).toBe('the provider is out of reach');
    clock.advance(EVERY_MS);
    await until(async () => runs.length === before + 2 && (await jobRow()).lease_owner === null, 'the next run');
    expect((await jobRow()).last_error).toBeNull();
  });

  test('a server starting later asks for a run at its start-up, which happens once', async () => {
    const before = runs.length;
    const late = new JobRunner(databases[1]!, clock, [job('c')], { pollMs: 20, leaseMs: LEASE_MS });
    runners.push(late);
    await late.start();
    await until(() => runs.length === before + 1, 'the late start-up run');
    await settle();
    expect(runs).toHaveLength(before + 1);
  });
});
