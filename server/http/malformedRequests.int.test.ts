import zlib from 'node:zlib';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { listShop, SHOP } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';

/** Every request a client could botch gets a 4xx that says what is wrong, never a 500, and stores nothing. */
describe('malformed requests', () => {
  let app: TestApp;
  const LOGIN = JSON.stringify({ email: 'nobody@example.com', password: 'beats42' });
  const send = async (path: string, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string>) => {
    const response = await fetch(`${app.baseUrl}${path}`, { method: 'POST', headers, body });
    const text = await response.text();
    return { status: response.status, type: response.headers.get('content-type') ?? '', text };
  };
  const api = async (path: string, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) => {
    const { status, text } = await send(`/api/v1${path}`, body, { 'Content-Type': 'application/json', ...headers });
    return { status, body: JSON.parse(text) as unknown };
  };
  const subscribers = () => app.deps.database.query.selectFrom('newsletter_subscribers').selectAll().execute();
  const events = () => app.deps.database.query.selectFrom('events').selectAll().execute();
  let member: ApiBrowser;

  beforeAll(async () => {
    app = await startTestApp({ env: { PAGE_FORMS_PER_15_MINUTES: '1000' } });
    await listShop(app.deps);
    member = new ApiBrowser(app.baseUrl);
    expect((await member.json('POST', '/auth/register', registration({ email: 'member@example.com' }))).status).toBe(201);
  });
  afterAll(() => app.close());

  describe('a body that cannot be read', () => {
    test.each([
      ['gzip', 400, 'Request body does not match its Content-Encoding'],
      ['deflate', 400, 'Request body does not match its Content-Encoding'],
      ['br', 400, 'Request body does not match its Content-Encoding'],
      ['compress', 415, 'Unsupported Content-Encoding; send gzip, deflate, br or none'],
    ])('Content-Encoding: %s over plain JSON is a %d', async (encoding, statusCode, message) => {
      expect(await api('/auth/login', LOGIN, { 'Content-Encoding': encoding })).toEqual({ status: statusCode, body: { statusCode, message } });
    });

    test('a gzip body cut short is a 400 too', async () => {
      const truncated = Uint8Array.from(zlib.gzipSync(LOGIN).subarray(0, 12));
      expect(await api('/auth/login', truncated, { 'Content-Encoding': 'gzip' })).toEqual({
        status: 400,
        body: { statusCode: 400, message: 'Request body does not match its Content-Encoding' },
      });
    });

    test('an honest gzip body is read', async () => {
      const answer = await api('/auth/login', Uint8Array.from(zlib.gzipSync(LOGIN)), { 'Content-Encoding': 'gzip' });
      expect(answer).toEqual({ status: 401, body: { statusCode: 401, message: 'Email or password is incorrect' } });
    });

    test.each([
      ['bad JSON', 400, 'Request body is not valid JSON', '{"email":', {}],
      ['a charset we do not read', 415, 'Unsupported request charset; send UTF-8', LOGIN, { 'Content-Type': 'application/json; charset=koi8-r' }],
      ['a body over the limit', 413, 'Request body is too large', JSON.stringify({ email: 'x'.repeat(2_000_000) }), {}],
    ])('%s is a %d with a message', async (_, statusCode, message, body, headers) => {
      expect(await api('/pages/subscribe', body, headers)).toEqual({ status: statusCode, body: { statusCode, message } });
    });

    test('the sandbox payment forms answer the same way, as text', async () => {
      const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
      const path = '/sandbox-pay/sbx_000000000000000000000000/approve';
      expect(await send(path, 'x=1', { ...form, 'Content-Encoding': 'gzip' })).toEqual({
        status: 400,
        type: 'text/plain; charset=utf-8',
        text: 'Request body does not match its Content-Encoding',
      });
      expect(await send(path, `x=${'1'.repeat(2000)}`, form)).toMatchObject({ status: 413, text: 'Request body is too large' });
      expect(await send(path, 'x=1', { 'Content-Type': 'application/x-www-form-urlencoded; charset=koi8-r' })).toMatchObject({
        status: 415,
        text: 'Unsupported request charset; send UTF-8',
      });
    });
  });

  describe('text that is not valid Unicode', () => {
    test.each([
      ['a lone high surrogate in a value', '{"email":"fan\\ud800@example.com"}', 'email'],
      ['a lone low surrogate deep inside', '{"email":"fan@example.com","extra":[{"x":"\\udc00"}]}', 'extra.0.x'],
      ['a lone surrogate in a key (named back without it)', '{"email":"fan@example.com","\\ud83d":1}', '\ufffd'],
    ])('%s is refused with 400 before anything is stored', async (_, body, where) => {
      expect(await api('/pages/subscribe', body)).toEqual({
        status: 400,
        body: { statusCode: 400, message: `Invalid ${where}: text must be valid Unicode (it holds a lone surrogate)` },
      });
      expect(await subscribers()).toEqual([]);
    });

    test('a whole surrogate pair (an emoji) is fine', async () => {
      const answer = await api('/auth/login', JSON.stringify({ email: 'fan@example.com', password: 'beats42 \ud83c\udfb5' }));
      expect(answer.status).toBe(401);
    });

    test('the action log beacon (JSON as text/plain) is checked the same way', async () => {
      const beacon = '{"sessionId":"s-1","entries":[{"seq":1,"at":"2026-11-21T10:00:00.000Z","type":"x/y","payload":"\\ud800"}]}';
      expect(await api('/action-log', beacon, { 'Content-Type': 'text/plain' })).toEqual({
        status: 400,
        body: { statusCode: 400, message: 'Invalid entries.0.payload: text must be valid Unicode (it holds a lone surrogate)' },
      });
    });
  });

  describe('JSON nested deeper than any call reads', () => {
    const nestedArrays = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

    test.each([
      ['POST', '/action-log', `{"sessionId":"abcdefgh","token":"t","entries":${nestedArrays(5000)}}`],
      ['POST', '/action-log', `{"sessionId":"abcdefgh","token":"t","entries":[{"seq":1,"at":"2026-11-21T10:00:00.000Z","type":"x","payload":${nestedArrays(5000)}}]}`],
      ['POST', '/ecommerce/cart', `{"product":${nestedArrays(5000)}}`],
      ['PUT', `/ecommerce/cart/${SHOP.pack.productId}`, `{"includeProjectFile":${nestedArrays(5000)}}`],
      ['POST', '/pages/subscribe', `{"email":${nestedArrays(65, '"fan@example.com"')}}`],
    ])('%s %s is a 400 that says so, and stores nothing', async (method, path, body) => {
      const before = await events();
      const response = await fetch(`${app.baseUrl}/api/v1${path}`, { method, headers: { 'Content-Type': 'application/json', Cookie: member.cookieHeader() }, body });
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 400,
        body: { statusCode: 400, message: 'Request body nests deeper than 64 levels' },
      });
      expect(await events()).toEqual(before);
      expect(await subscribers()).toEqual([]);
    });

    test('the same through the action log beacon (text/plain)', async () => {
      const beacon = `{"sessionId":"abcdefgh","token":"t","entries":${nestedArrays(5000)}}`;
      expect(await api('/action-log', beacon, { 'Content-Type': 'text/plain' })).toEqual({
        status: 400,
        body: { statusCode: 400, message: 'Request body nests deeper than 64 levels' },
      });
    });

    test('64 levels are read as usual', async () => {
      expect(await api('/ecommerce/cart', `{"product":${nestedArrays(63)}}`)).toEqual({
        status: 400,
        body: { statusCode: 400, message: 'Invalid product: Expected a number, but received: 1' },
      });
    });
  });

  test('a field named like a built-in property (which cannot even be printed) is a 400', async () => {
    const response = await fetch(`${app.baseUrl}/api/v1/ecommerce/cart`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"product":{"toString":1}}',
    });
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 400,
      body: { statusCode: 400, message: 'Invalid product.toString: no field may be named toString' },
    });
  });

  describe('a body sent to a call that reads none', () => {
    const sendAsMember = async (method: string, path: string, body?: string) => {
      const headers: Record<string, string> = { Cookie: member.cookieHeader() };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const response = await fetch(`${app.baseUrl}/api/v1${path}`, { method, headers, body });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const id = SHOP.pack.productId;

    test.each([
      ['POST', '/auth/logout', '/auth/logout'],
      ['POST', `/tracks/${id}/play`, '/tracks/:id/play'],
      ['DELETE', '/ecommerce/cart/clear', '/ecommerce/cart/clear'],
      ['DELETE', `/ecommerce/cart/${id}`, '/ecommerce/cart/:id'],
      ['POST', `/wishlist/${id}`, '/wishlist/:productId'],
      ['POST', `/users/producer/${SHOP.pack.producerId}/follow`, '/users/producer/:id/follow'],
    ])('%s %s is a 400 naming the call, and changes nothing', async (method, path, route) => {
      const before = await events();
      for (const body of ['{"product":1}', '[]', '[{}]', '{"a":{}}']) {
        expect(await sendAsMember(method, path, body)).toEqual({ status: 400, body: { statusCode: 400, message: `${method} ${route} takes no body` } });
      }
      expect(await events()).toEqual(before);
      expect((await sendAsMember('GET', '/auth/checkhealth')).status).toBe(200);
    });

    test.each([
      ['text/xml', '<logout/>'],
      ['application/x-www-form-urlencoded', 'a=1'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'],
    ])('a %s body, which no parser reads, is a 415 rather than a call run as if nothing was sent', async (contentType, body) => {
      const response = await fetch(`${app.baseUrl}/api/v1/auth/logout`, { method: 'POST', headers: { Cookie: member.cookieHeader(), 'Content-Type': contentType }, body });
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 415,
        body: { statusCode: 415, message: 'Unsupported Content-Type; send application/json' },
      });
      expect((await sendAsMember('GET', '/auth/checkhealth')).status).toBe(200);
    });

    test('no body, or an empty object, is what such a call is sent, and it is read', async () => {
      expect((await sendAsMember('POST', `/tracks/${id}/play`, '{}')).status).toBe(200);
      expect((await sendAsMember('POST', '/auth/logout')).status).toBe(200);
      expect((await sendAsMember('GET', '/auth/checkhealth')).status).toBe(401);
    });
  });
});
