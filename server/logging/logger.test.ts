import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { capturedLog } from '../../test/helpers/logLines';
import { loadConfig } from '../config';
import { createLogger, inJob, inRequest, type Logger, outsideRequest } from './logger';
import { requestId, requestIdFor } from './requestId';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * A small real app with the server's request-id middleware first, a JSON body parser as the API
 * has, and a handler that logs before and after waiting (as one that awaits the database does).
 */
async function appLoggingTo(log: Logger): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const app = express();
  app.use(requestId);
  app.use(express.json());
  app.post('/work', async (request, response) => {
    log.info({ step: 'before' }, 'Handling the work');
    // The behaviour under test: two requests' lines interleave while one waits, and keep their own ids.
    await new Promise((resolve) => setTimeout(resolve, Number((request.body as { waitMs?: number }).waitMs ?? 0)));
    log.info({ step: 'after' }, 'Handled the work');
    response.json({ ok: true });
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('the logger and request ids', () => {
  const captured = capturedLog();
  let app: { baseUrl: string; close(): Promise<void> };
  beforeAll(async () => {
    app = await appLoggingTo(captured.log);
  });
  afterAll(() => app.close());
  beforeEach(() => {
    captured.lines.length = 0;
    captured.raw.length = 0;
  });

  const work = (headers: Record<string, string> = {}, waitMs = 0) =>
    fetch(`${app.baseUrl}/work`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ waitMs }) });

  test('every line written while handling a request carries its id, which the answer gives in X-Request-Id; two at once do not mix', async () => {
    const [slow, quick] = await Promise.all([work({}, 100), work({}, 0)]);
    const ids = [slow.headers.get('x-request-id'), quick.headers.get('x-request-id')];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    for (const id of ids) {
      expect(captured.lines.filter((line) => line.requestId === id).map((line) => line.step)).toEqual(['before', 'after']);
    }
    expect(captured.lines).toHaveLength(4);
  });

  test('a well-formed X-Request-Id from a proxy in front is kept', async () => {
    const given = '3f2a9c4e-proxy-0042';
    const answer = await work({ 'X-Request-Id': given });
    expect(answer.headers.get('x-request-id')).toBe(given);
    expect(captured.lines.map((line) => line.requestId)).toEqual([given, given]);
  });

  test.each([
    ['too long', 'a'.repeat(65)],
    ['too short', 'abc'],
    ['with characters that would forge fields', 'abcdefgh","level":"fatal'],
    ['with spaces', 'abcdefgh ijklmnop'],
  ])('an X-Request-Id %s is replaced by a fresh id', async (_why, hostile) => {
    const answer = await work({ 'X-Request-Id': hostile });
    const id = answer.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    expect(captured.lines.map((line) => line.requestId)).toEqual([id, id]);
    expect(captured.raw.join('')).not.toContain(hostile);
  });

  test('an id with line breaks (which Node refuses before any handler sees it) is refused as well', () => {
    for (const hostile of ['abcdefgh\n{"level":"fatal"}', 'abcdefgh\r\nijklmnop', 'abcdefgh\u2028ijkl']) expect(requestIdFor(hostile)).toMatch(UUID);
    expect(requestIdFor(undefined)).toMatch(UUID);
    expect(requestIdFor('0123456789abcdef')).toBe('0123456789abcdef');
  });

  test('secrets and personal data never reach a line: password, token, secret, authorization, cookie, email, at the top or one level down', () => {
    captured.log.info(
      {
        password: 'hunter2-password',
        token: 'tok-3141592',
        secret: 'shh-secret-271828',
        email: 'buyer@example.com',
        account: { email: 'nested@example.com', newPassword: 'hunter3-new' },
        headers: { authorization: 'Bearer sk_live_abcdef', cookie: 'beatcrate_session=s3ss10n' },
        request: { headers: { cookie: 'beatcrate_session=other', authorization: 'Basic dXNlcjpwdw==' } },
        orderId: 'order-42',
      },
      'Something happened',
    );
    const written = captured.raw.join('');
    for (const value of ['hunter2', 'tok-3141592', 'shh-secret', 'buyer@example.com', 'nested@example.com', 'hunter3', 'sk_live_abcdef', 's3ss10n', 'beatcrate_session=other', 'dXNlcjpwdw']) {
      expect(written).not.toContain(value);
    }
    expect(captured.lines[0]).toMatchObject({ orderId: 'order-42', password: '[redacted]', account: { email: '[redacted]' } });
  });

  test('a job run carries its name; work a request merely starts and that outlives it does not carry the request id', async () => {
    await inJob('order-mails', async () => {
      await Promise.resolve();
      captured.log.info('Sent');
    });
    await inRequest('request-0001', async () => {
      captured.log.info('In the request');
      const later = () => {
        captured.log.info('Later, on a timer');
      };
      // The behaviour under test: a timer the request starts outside its context does not sign with its id.
      await new Promise<void>((resolve) =>
        outsideRequest(() =>
          setTimeout(() => {
            later();
            resolve();
          }, 1),
        ),
      );
    });
    expect(captured.lines.map(({ msg, job, requestId: id }) => ({ msg, job, requestId: id }))).toEqual([
      { msg: 'Sent', job: 'order-mails', requestId: undefined },
      { msg: 'In the request', job: undefined, requestId: 'request-0001' },
      { msg: 'Later, on a timer', job: undefined, requestId: undefined },
    ]);
  });
});

describe('LOG_LEVEL', () => {
  const linesAt = (env: NodeJS.ProcessEnv) => {
    const written: string[] = [];
    const log = createLogger({ level: loadConfig(env).logLevel, destination: { write: (line: string) => void written.push(line) } });
    log.debug('a debug line');
    log.info('an info line');
    log.warn('a warning');
    log.error('an error');
    return written.map((line) => (JSON.parse(line) as { level: string; msg: string }).level);
  };

  test('is honoured: info by default, then only what is at least as severe', () => {
    expect(linesAt({})).toEqual(['info', 'warn', 'error']);
    expect(linesAt({ LOG_LEVEL: 'warn' })).toEqual(['warn', 'error']);
    expect(linesAt({ LOG_LEVEL: 'debug' })).toEqual(['debug', 'info', 'warn', 'error']);
    expect(linesAt({ LOG_LEVEL: 'silent' })).toEqual([]);
  });

  test('lines are JSON with a level name, an ISO time and the message', () => {
    const { lines, log } = capturedLog('info');
    log.info({ orderId: 'o-1' }, 'Paid');
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'Paid', orderId: 'o-1', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
  });
});
