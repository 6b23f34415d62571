import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { User } from '../../shared/schemas/auth';
import { createApp } from '../app';
import { handleCommand } from '../domain/commandHandler';
import { userDecider } from '../domain/user/userDecider';
import { userStreamId } from '../domain/user/userEvents';
import { readOutbox } from '../mail/outbox';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { type Frame, openStream } from '../../test/helpers/accountStreamReader';
import { startTestApp, TEST_ASSETS, type TestApp } from '../../test/helpers/testApp';

describe('GET /account/sse', () => {
  const clock = manualClock();
  let app: TestApp;
  const browser = () => new ApiBrowser(app.baseUrl);
  const register = async (email: string) => {
    const visitor = browser();
    const { body } = await visitor.json<User>('POST', '/auth/register', registration({ email }));
    return { visitor, user: body };
  };
  const confirmationToken = async (to: string) => {
    const mail = (await readOutbox(app.deps.database, 50)).find((m) => m.to === to && m.text.includes('/email-confirmation/'));
    return /email-confirmation\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
  };
  const positionsOf = async (userId: number) => (await app.deps.eventStore.readStream(userStreamId(userId))).map((e) => ({ type: e.type, id: String(e.position) }));

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { ACCOUNT_STREAM_HEARTBEAT_MS: '100', ACCOUNT_STREAMS_PER_ACCOUNT: '3' } });
  });
  afterAll(() => app.close());

  test('refuses a guest with 401', async () => {
    const response = await fetch(`${app.baseUrl}/api/v1/account/sse`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ statusCode: 401, message: 'Unauthorized' });
  });

  test('refuses a Last-Event-ID that is no position with 400', async () => {
    const { visitor } = await register('bad-id@example.com');
    const response = await fetch(`${app.baseUrl}/api/v1/account/sse`, { headers: { Cookie: visitor.cookieHeader(), 'Last-Event-ID': 'yesterday' } });
    expect(response.status).toBe(400);
  });

  test('sends heartbeats, then the user\'s own changes with their positions as ids, and nobody else\'s', async () => {
    const { visitor, user } = await register('live@example.com');
    const stream = await openStream(app.baseUrl, visitor);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await stream.next()).toEqual({ comment: 'heartbeat' });

    await register('someone-else@example.com');
    await fetch(`${app.baseUrl}/api/v1/auth/email-confirmation/${await confirmationToken('someone-else@example.com')}`);
    await fetch(`${app.baseUrl}/api/v1/auth/email-confirmation/${await confirmationToken('live@example.com')}`);
    await handleCommand(app.deps.eventStore, userStreamId(user.id), userDecider, { type: 'ChangeProBuyerStatus', userId: user.id, isProBuyer: true });

    const positions = await positionsOf(user.id);
    const confirmed = await stream.nextData();
    expect(confirmed!.id).toBe(positions.find((p) => p.type === 'EmailConfirmed')!.id);
    expect(JSON.parse(confirmed!.data!)).toEqual({ type: 'EmailConfirmed', user: { ...user, emailConfirmed: true } });
    const pro = await stream.nextData();
    expect(pro!.id).toBe(positions.find((p) => p.type === 'ProBuyerStatusChanged')!.id);
    expect(JSON.parse(pro!.data!)).toEqual({ type: 'ProBuyerStatusChanged', user: { ...user, emailConfirmed: true, isProBuyer: true } });
    stream.close();
  });

  test('resumes after Last-Event-ID with what happened since, each as it was then', async () => {
    const { visitor, user } = await register('resume@example.com');
    await fetch(`${app.baseUrl}/api/v1/auth/email-confirmation/${await confirmationToken('resume@example.com')}`);
    await handleCommand(app.deps.eventStore, userStreamId(user.id), userDecider, { type: 'ChangeProBuyerStatus', userId: user.id, isProBuyer: true });
    const [registered, confirmed, pro] = await positionsOf(user.id);

    const fromStart = await openStream(app.baseUrl, visitor, { 'Last-Event-ID': '0' });
    const first = await fromStart.nextData();
    expect(first!.id).toBe(registered!.id);
    expect(JSON.parse(first!.data!)).toEqual({ type: 'UserRegistered', user });
    expect((await fromStart.nextData())!.id).toBe(confirmed!.id);
    expect((await fromStart.nextData())!.id).toBe(pro!.id);
    fromStart.close();

    const afterConfirmation = await openStream(app.baseUrl, visitor, { 'Last-Event-ID': confirmed!.id });
    const resumed = await afterConfirmation.nextData();
    expect(resumed).toEqual({ id: pro!.id, data: JSON.stringify({ type: 'ProBuyerStatusChanged', user: { ...user, emailConfirmed: true, isProBuyer: true } }) });
    afterConfirmation.close();

    const upToDate = await openStream(app.baseUrl, visitor, { 'Last-Event-ID': pro!.id });
    for (let i = 0; i < 3; i++) expect(await upToDate.next()).toEqual({ comment: 'heartbeat' });
    upToDate.close();
  });

  const changeProStatus = (userId: number, isProBuyer: boolean) =>
    handleCommand(app.deps.eventStore, userStreamId(userId), userDecider, { type: 'ChangeProBuyerStatus', userId, isProBuyer });
  /** Every frame until the server ends the stream. */
  const untilEnd = async (stream: Awaited<ReturnType<typeof openStream>>) => {
    const frames: Frame[] = [];
    for (let frame = await stream.next(); frame !== null; frame = await stream.next()) frames.push(frame);
    return frames;
  };

  test('a dropped account stream resumes from Last-Event-ID without gaps or repeats', async () => {
    const { visitor, user } = await register('dropped@example.com');
    const changes = 60;
    let stream = await openStream(app.baseUrl, visitor);
    // The account keeps changing while its stream drops and comes back, again and again.
    const writer = (async () => {
      for (let change = 0; change < changes; change++) {
        await changeProStatus(user.id, change % 2 === 0);
      }
    })();
    const received: string[] = [];
    while (received.length < changes) {
      received.push((await stream.nextData())!.id!);
      if (received.length % 5 === 0) {
        stream.close();
        stream = await openStream(app.baseUrl, visitor, { 'Last-Event-ID': received[received.length - 1]! });
      }
    }
    await writer;
    const changed = (await positionsOf(user.id)).filter((event) => event.type === 'ProBuyerStatusChanged').map((event) => event.id);
    expect(received).toEqual(changed);
    expect(await stream.next()).toEqual({ comment: 'heartbeat' });
    stream.close();
  });

  test('one read of the store per append, however many account streams are open', async () => {
    const reads = jest.spyOn(app.deps.eventStore, 'readAll');
    const { visitor, user } = await register('watched@example.com');
    const watcher = await openStream(app.baseUrl, visitor);
    let pro = false;
    const readsForOneChange = async () => {
      const before = reads.mock.calls.length;
      await changeProStatus(user.id, (pro = !pro));
      expect(JSON.parse((await watcher.nextData())!.data!)).toMatchObject({ type: 'ProBuyerStatusChanged', user: { isProBuyer: pro } });
      // The behaviour under test is an absence: the window in which the other open streams would
      // read the store too, were each reading for itself.
      await new Promise((resolve) => setTimeout(resolve, 300));
      return reads.mock.calls.length - before;
    };
    const alone = await readsForOneChange();

    const crowd = await Promise.all(Array.from({ length: 10 }, (_, index) => register(`crowd-${index}@example.com`)));
    const streams = await Promise.all(crowd.flatMap(({ visitor: member }) => [1, 2, 3].map(() => openStream(app.baseUrl, member))));
    for (const open of streams) expect(await open.next()).toEqual({ comment: 'heartbeat' });
    const crowded = await readsForOneChange();

    // Before: every open stream read the store on every append, 30 reads more here.
    expect(crowded - alone).toBeLessThan(10);
    reads.mockRestore();
    for (const open of [watcher, ...streams]) open.close();
  });

  test('an account holds at most ACCOUNT_STREAMS_PER_ACCOUNT streams on a server: a new one closes the oldest', async () => {
    const { visitor, user } = await register('many-tabs@example.com');
    const tabs = [];
    for (let tab = 0; tab < 3; tab++) {
      const stream = await openStream(app.baseUrl, visitor);
      expect(await stream.next()).toEqual({ comment: 'heartbeat' });
      tabs.push(stream);
    }
    const newest = await openStream(app.baseUrl, visitor);
    // Closed without `data: null`: the account is still logged in, only this stream gave way.
    expect((await untilEnd(tabs[0]!)).every((frame) => frame.comment === 'heartbeat')).toBe(true);

    await changeProStatus(user.id, true);
    for (const open of [tabs[1]!, tabs[2]!, newest]) {
      expect(JSON.parse((await open.nextData())!.data!)).toMatchObject({ type: 'ProBuyerStatusChanged', user: { isProBuyer: true } });
      open.close();
    }
  });

  test('logging out sends `data: null` and ends the stream; a logout of another session does not', async () => {
    const { visitor } = await register('logout-live@example.com');
    const laptop = browser();
    await laptop.call('POST', '/auth/login', { email: 'logout-live@example.com', password: 'beats42' });
    const stream = await openStream(app.baseUrl, visitor);
    const laptopStream = await openStream(app.baseUrl, laptop);

    await laptop.call('POST', '/auth/logout');
    expect(await laptopStream.nextData()).toEqual({ data: 'null' });
    expect(await laptopStream.next()).toBeNull();
    expect(await stream.next()).toEqual({ comment: 'heartbeat' });
    expect(await stream.next()).toEqual({ comment: 'heartbeat' });

    await visitor.call('POST', '/auth/logout');
    expect(await stream.nextData()).toEqual({ data: 'null' });
    expect(await stream.next()).toBeNull();
  });

  test('a password reset ends the account\'s streams with `data: null`', async () => {
    const { visitor } = await register('reset-live@example.com');
    const stream = await openStream(app.baseUrl, visitor);
    await browser().call('POST', '/auth/reset', { email: 'reset-live@example.com' });
    const mail = (await readOutbox(app.deps.database, 1))[0]!;
    const token = /reset-password\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    await browser().call('POST', `/auth/reset/new/${token}`, { password: 'fresh123' });
    expect(await stream.nextData()).toEqual({ data: 'null' });
    expect(await stream.next()).toBeNull();
  });

  test('an expired session is noticed at the next heartbeat', async () => {
    const short = browser();
    await register('expire-live@example.com');
    await short.call('POST', '/auth/login', { email: 'expire-live@example.com', password: 'beats42' });
    const stream = await openStream(app.baseUrl, short);
    clock.advance(12 * 3_600_000 + 1);
    expect(await stream.nextData()).toEqual({ data: 'null' });
    expect(await stream.next()).toBeNull();
  });

  test('when the server begins to stop, open streams end at once so it can close', async () => {
    const { visitor } = await register('shutdown@example.com');
    const shutdown = new AbortController();
    const server: Server = await new Promise((resolve) => {
      const listening = createApp(app.deps, { assets: TEST_ASSETS, shutdown: shutdown.signal }).listen(0, '127.0.0.1', () => resolve(listening));
    });
    const stream = await openStream(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, visitor);
    expect(await stream.next()).toEqual({ comment: 'heartbeat' });
    const started = Date.now();
    shutdown.abort();
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    expect(await stream.next()).toBeNull();
    await closed;
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
