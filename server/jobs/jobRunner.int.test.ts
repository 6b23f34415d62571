import { manualClock } from '../../test/helpers/accountClient';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/testDatabase';
import type { Database } from '../db/database';
import { type Job, JobRunner } from './jobRunner';

const EVERY_MS = 60_000;
const LEASE_MS = 10_000;

/** Longer than any test here: the runners look for due jobs when the test says so, at the test's time. */
const NEVER_BY_ITSELF_MS = 60 * 60_000;

/**
 * Two servers on one database, each with its own runner and connection: every due run happens once.
 * Each step has both runners look for due jobs, one after the other: better-sqlite3 waits for a
 * busy file synchronously, so two connections in one process cannot both be inside a transaction
 * (two server processes can).
 */
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
      runners.push(new JobRunner(database, clock, [job(server)], { pollMs: NEVER_BY_ITSELF_MS, leaseMs: LEASE_MS }));
    }
  });
  const bothLook = async () => {
    for (const runner of runners) await runner.runDue();
  };
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    for (const database of databases) await database.close();
    await testDatabase.drop();
  });

  test('two servers starting together run the start-up job once, and each due run once', async () => {
    for (const runner of runners) await runner.start();
    await bothLook();
    expect(runs).toHaveLength(1);
    expect(await jobRow()).toMatchObject({ lease_owner: null, lease_until: null, last_error: null });
    expect(Number((await jobRow()).next_run_at)).toBe(clock.now().getTime() + EVERY_MS);

    clock.advance(EVERY_MS - 1);
    await bothLook();
    expect(runs).toHaveLength(1);
    clock.advance(1);
    await bothLook();
    expect(runs).toHaveLength(2);
  });

  test('a lease left by a server that died is taken over once it runs out', async () => {
    clock.advance(EVERY_MS);
    const now = clock.now().getTime();
    // What a server killed during the run leaves behind.
    await databases[0]!.transaction((tx) => tx.updateTable('jobs').set({ lease_owner: 'killed-server', lease_until: now + LEASE_MS }).where('name', '=', 'count').execute());
    const before = runs.length;
    await bothLook();
    expect(runs).toHaveLength(before);
    clock.advance(LEASE_MS);
    await bothLook();
    expect(runs).toHaveLength(before + 1);
    expect((await jobRow()).lease_owner).toBeNull();
  });

  test('a failed run is recorded and the job runs again at its next due time', async () => {
    failNext = true;
    clock.advance(EVERY_MS);
    const before = runs.length;
    await bothLook();
    expect(runs).toHaveLength(before + 1);
    expect(await jobRow()).toMatchObject({ lease_owner: null, last_error: 'the provider is out of reach' });
    clock.advance(EVERY_MS);
    await bothLook();
    expect(runs).toHaveLength(before + 2);
    expect(await jobRow()).toMatchObject({ lease_owner: null, last_error: null });
  });

  test('a server starting later asks for a run at its start-up, which happens once', async () => {
    const before = runs.length;
    const late = new JobRunner(databases[1]!, clock, [job('c')], { pollMs: NEVER_BY_ITSELF_MS, leaseMs: LEASE_MS });
    runners.push(late);
    await late.start();
    await bothLook();
    await late.runDue();
    expect(runs).toHaveLength(before + 1);
  });
});
