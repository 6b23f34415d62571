import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { User } from '../../shared/schemas/auth';
import type { Order } from '../../shared/schemas/order';
import type { Product, ProductList } from '../../shared/schemas/track';
import type { Database } from '../../server/db/database';
import { openDatabase } from '../../server/db/openDatabase';
import { productStreamId } from '../../server/domain/product/productEvents';
import { createEventStore } from '../../server/eventStore/createEventStore';
import type { EventStore } from '../../server/eventStore/eventStore';
import { readOutbox } from '../../server/mail/outbox';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { logLines } from '../helpers/logLines';
import { asShown } from '../helpers/shownTotal';
import { openStream } from '../helpers/accountStreamReader';
import { SHARED_MEDIA_DIR } from '../e2e/helpers/server';
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase';

const ROOT = path.resolve(__dirname, '../..');
interface ServerProcess {
  baseUrl: string;
  output(): string;
  stop(): Promise<void>;
}

/** `npm start`'s entry as a process of its own, as the Procfile runs it. */
async function startServer(databaseUrl: string): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', DEMO_ACTIVITY: 'off', DATABASE_URL: databaseUrl, MEDIA_DIR: SHARED_MEDIA_DIR, PAGE_FORMS_PER_15_MINUTES: '2', ACCOUNT_STREAM_HEARTBEAT_MS: '1000', CAPTCHA_COMPLEXITY: '20' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = logLines(output).find((line) => line.msg.startsWith('Beatcrate is listening on'));
      if (typeof listening?.port === 'number') resolve(`http://127.0.0.1:${listening.port}`);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then(() => reject(new Error(`The server exited before listening:\n${output}`)));
  });
  return {
    baseUrl,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

(process.env.TEST_DATABASE_URL ? describe : describe.skip)('two server processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let servers: ServerProcess[] = [];
  let db: Database;
  let store: EventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Started together, as `heroku ps:scale web=2` or a second container would: one seeds, the other waits for it.
    servers = await Promise.all([startServer(database.url), startServer(database.url)]);
    db = await openDatabase(database.url);
    store = createEventStore(db, { now: () => new Date() });
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await store?.close();
    await db?.close();
    await database.drop();
  });

  const [one, two] = [() => servers[0]!, () => servers[1]!];

  test('a session made on one works on the other', async () => {
    const visitor = new ApiBrowser(one().baseUrl);
    const { body: user } = await visitor.json<User>('POST', '/auth/register', registration({ email: 'roaming@example.com' }));
    const elsewhere = new ApiBrowser(two().baseUrl);
    for (const [name, value] of visitor.cookies) elsewhere.cookies.set(name, value);
    expect(await elsewhere.json('GET', '/auth/checkhealth')).toEqual({ status: 200, body: user });
  });

  test('an event produced on one reaches an account stream held on the other', async () => {
    const visitor = new ApiBrowser(two().baseUrl);
    const { body: user } = await visitor.json<User>('POST', '/auth/register', registration({ email: 'listening@example.com' }));
    const stream = await openStream(two().baseUrl, visitor);
    const mail = (await readOutbox(db, 20)).find((candidate) => candidate.to === 'listening@example.com')!;
    const token = /email-confirmation\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    expect((await fetch(`${one().baseUrl}/api/v1/auth/email-confirmation/${token}`)).status).toBe(200);
    expect(JSON.parse((await stream.nextData())!.data!)).toEqual({ type: 'EmailConfirmed', user: { ...user, emailConfirmed: true } });
    stream.close();
  });

  test('a rate limit holds across both', async () => {
    // Each with a solved captcha, as the storefront sends it.
    const subscribe = (server: ServerProcess, email: string) => new ApiBrowser(server.baseUrl).call('POST', '/pages/subscribe', { email });
    expect((await subscribe(one(), 'first@example.com')).status).toBe(200);
    expect((await subscribe(two(), 'second@example.com')).status).toBe(200);
    expect((await subscribe(one(), 'third@example.com')).status).toBe(429);
    expect((await subscribe(two(), 'fourth@example.com')).status).toBe(429);
  });

  test('two buyers paying for the same beat at once, one on each, make one sale', async () => {
    const { body: page } = await new ApiBrowser(one().baseUrl).json<ProductList>('GET', '/tracks?take=100');
    // Every track sells once; until that rule lands, only exclusive ones do (no flag: the rule has landed).
    const beat = page.tracks.find((track: Product & { exclusive?: boolean }) => track.productType === 'track' && !track.isSold && track.exclusive !== false)!;
    const buyers = await Promise.all(
      [one(), two()].map(async (server, index) => {
        const buyer = new ApiBrowser(server.baseUrl);
        await buyer.call('POST', '/auth/register', registration({ email: `racer-${index}@example.com` }));
        expect((await buyer.call('POST', '/ecommerce/cart', { product: beat.id, includeProjectFile: false })).status).toBe(200);
        return buyer;
      }),
    );

    const answers = await Promise.all(buyers.map(async (buyer) => buyer.json<Order>('POST', '/ecommerce/orders/stripe', await asShown(buyer, { stripePaymentMethodId: 'pm_card_visa', coupon: null }))));

    const paid = answers.filter((answer) => answer.body.status === 'paid');
    expect(paid).toHaveLength(1);
    const other = answers.find((answer) => answer.body.status !== 'paid')!;
    // Refused before any money moved (409, or a failed order), or charged and given back.
    expect(other.status === 409 || ['failed', 'refunded'].includes(other.body.status)).toBe(true);
    const sales = (await store.readStream(productStreamId(beat.id))).filter((event) => event.type === 'ProductSold');
    expect(sales).toHaveLength(1);
  });
});
