import BetterSqlite3 from 'better-sqlite3';
import type { User } from '../../shared/schemas/auth';
import type { AppDeps } from '../../server/appDeps';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../server/db/databaseUnavailable';
import { actionLogFileOf } from '../../server/db/actionLogFile';
import { SqliteDatabase } from '../../server/db/sqliteDatabase';
import { handleCommand } from '../../server/domain/commandHandler';
import { productDecider } from '../../server/domain/product/productDecider';
import { productStreamId } from '../../server/domain/product/productEvents';
import { userDecider } from '../../server/domain/user/userDecider';
import { userStreamId } from '../../server/domain/user/userEvents';
import { closeAppDeps, openAppDeps } from '../../server/services';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { openStream } from '../helpers/accountStreamReader';
import { listShop, SHOP } from '../helpers/commerceFixtures';
import { capturedLog } from '../helpers/logLines';
import { eventually } from '../helpers/eventually';
import { listenOnLoopback, startTestApp, testConfig, type TestApp } from '../helpers/testApp';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwawayPostgres';

const unavailable = { statusCode: 503, message: DATABASE_UNAVAILABLE_MESSAGE };

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

(onPostgres ? describe : describe.skip)('PostgreSQL stopped and started again', () => {
  let postgres: ThrowawayPostgres;
  let deps: AppDeps;
  let listening: { baseUrl: string; stop(): Promise<void> };
  let baseUrl: string;
  const outageLog = capturedLog();

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    deps = await openAppDeps(testConfig({ DATABASE_URL: postgres.url }), undefined, undefined, outageLog.log);
    listening = await listenOnLoopback(deps);
    baseUrl = listening.baseUrl;
    await listShop(deps);
  }, 60_000);

  afterAll(async () => {
    await listening.stop();
    await closeAppDeps(deps);
    await postgres.remove();
  });

  test('gives 503 with a message while it is down; the server stays up, and it and its projections and streams carry on by themselves', async () => {
    const buyer = new ApiBrowser(baseUrl);
    const { body: user } = await buyer.json<User>('POST', '/auth/register', registration({ email: 'outage@example.com' }));
    expect((await buyer.call('POST', `/wishlist/${SHOP.beat2.productId}`)).ok).toBe(true);

    const loggedBefore = outageLog.lines.length;
    await postgres.stop();
    const refused = await buyer.call('POST', `/wishlist/${SHOP.beat.productId}`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(await refused.json()).toEqual(unavailable);
    expect((await buyer.call('GET', `/tracks/${SHOP.beat2.productId}`)).status).toBe(503);
    const health = await fetch(`${baseUrl}/api/v1/health`);
    expect([health.status, await health.json()]).toEqual([503, { status: 'degraded', database: 'postgres' }]);
    expect((await fetch(`${baseUrl}/beats`)).status).toBe(503);
    // The event subscriptions (the projector's and the account feed's) meet the outage before it
    // ends: each says so when a read fails after one that worked, so at least twice in all.
    const troubled = () => outageLog.lines.slice(loggedBefore).filter((line) => line.msg.startsWith('Event subscription cannot read the store')).length;
    await eventually(troubled, (count) => count >= 2, 'the event subscriptions meeting the outage');

    await postgres.start();
    await eventually(() => fetch(`${baseUrl}/api/v1/health`).then((answer) => answer.status, () => 0), (status) => status === 200, 'the health check passing again');
    expect((await buyer.call('POST', `/wishlist/${SHOP.beat.productId}`)).ok).toBe(true);
    expect((await buyer.json<{ productId: number }[]>('GET', '/wishlist')).body.map((entry) => entry.productId)).toEqual([SHOP.beat2.productId, SHOP.beat.productId]);

    // Nobody calls catch-up here: the projector's own subscription brings the new beat into the catalogue.
    const listing = { ...SHOP.beat2, productId: 77, name: 'After the Storm' };
    await handleCommand(deps.eventStore, productStreamId(listing.productId), productDecider, { type: 'ListProduct', listing });
    await eventually(() => buyer.call('GET', '/tracks/77').then((answer) => answer.status, () => 0), (status) => status === 200, 'the new beat in the catalogue');

    // And the account feed's subscription delivers again.
    const stream = await openStream(baseUrl, buyer);
    await handleCommand(deps.eventStore, userStreamId(user.id), userDecider, { type: 'ChangeProBuyerStatus', userId: user.id, isProBuyer: true });
    expect(JSON.parse((await stream.nextData())!.data!)).toMatchObject({ type: 'ProBuyerStatusChanged', user: { isProBuyer: true } });
    stream.close();
  }, 90_000);
});

(onPostgres ? describe.skip : describe)('SQLite locked by another process, or its disk full', () => {
  let app: TestApp;
  let database: SqliteDatabase;

  beforeAll(async () => {
    app = await startTestApp();
    if (!(app.deps.database instanceof SqliteDatabase)) throw new Error('expected SQLite');
    database = app.deps.database;
    await listShop(app.deps);
  });
  afterAll(() => app.close());

  test('while another process holds the write lock, writes get 503 with a message and reads go on; then writes work again', async () => {
    const buyer = new ApiBrowser(app.baseUrl);
    await buyer.call('POST', '/auth/register', registration({ email: 'locked@example.com' }));
    const other = new BetterSqlite3(database.file);
    try {
      other.exec('BEGIN IMMEDIATE');
      const refused = await buyer.call('POST', `/wishlist/${SHOP.beat2.productId}`);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual(unavailable);
      expect((await buyer.call('GET', `/tracks/${SHOP.beat2.productId}`)).status).toBe(200);
      other.exec('ROLLBACK');
    } finally {
      other.close();
    }
    expect((await buyer.call('POST', `/wishlist/${SHOP.beat2.productId}`)).ok).toBe(true);
  }, 30_000);

  test('while another process holds the action-log file\'s write lock, batches get 503 with a message and the shop goes on; then they are stored', async () => {
    const buyer = new ApiBrowser(app.baseUrl);
    await buyer.call('POST', '/auth/register', registration({ email: 'logs-locked@example.com' }));
    const ticket = app.deps.actionLogTickets.issue();
    const batch = (seq: number) => JSON.stringify({ ...ticket, entries: [{ seq, at: '2026-11-21T10:00:00.000Z', type: 'shell/panelClosed' }] });
    const post = (seq: number) => fetch(`${app.baseUrl}/api/v1/action-log`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: batch(seq) });
    const other = new BetterSqlite3(actionLogFileOf(database.file));
    try {
      other.exec('BEGIN IMMEDIATE');
      const waiting = post(1);
      // The shop's own writes do not wait for the log file.
      expect((await buyer.call('POST', `/wishlist/${SHOP.beat2.productId}`)).ok).toBe(true);
      const refused = await waiting;
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual(unavailable);
      other.exec('ROLLBACK');
    } finally {
      other.close();
    }
    expect((await post(1)).status).toBe(201);
  }, 30_000);

  test('when the disk is full, writes get 503 with a message; once there is room, they work again', async () => {
    const buyer = new ApiBrowser(app.baseUrl);
    await buyer.call('POST', '/auth/register', registration({ email: 'disk-full@example.com' }));
    const writer = database.writer;
    // A scratch table takes the room left in the file, which may grow by no page more than it has now.
    writer.exec('CREATE TABLE test_filler (x BLOB)');
    writer.pragma(`max_page_count = ${Number(writer.pragma('page_count', { simple: true }))}`);
    try {
      try {
        for (;;) writer.prepare('INSERT INTO test_filler VALUES (zeroblob(512))').run();
      } catch (error) {
        expect((error as { code?: string }).code).toBe('SQLITE_FULL');
      }
      let answer: Response | undefined;
      for (let round = 0; round < 50 && answer?.status !== 503; round++) {
        answer = await buyer.call('POST', `/wishlist/${SHOP.beat2.productId}`);
        if (answer.ok) answer = await buyer.call('DELETE', `/wishlist/${SHOP.beat2.productId}`);
      }
      expect(answer!.status).toBe(503);
      expect(await answer!.json()).toEqual(unavailable);
    } finally {
      writer.pragma('max_page_count = 4294967294');
      writer.exec('DROP TABLE test_filler');
    }
    const again = await buyer.call('POST', `/wishlist/${SHOP.beat.productId}`);
    expect(again.ok).toBe(true);
  });
});
