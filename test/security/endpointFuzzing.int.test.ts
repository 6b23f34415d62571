import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { sql } from 'kysely';
import { type Struct, validate } from 'superstruct';
import { API_ENDPOINTS } from '../../server/http/apiEndpoints';
import { jsonShapeProblem } from '../../server/http/jsonBodyShape';
import type { Endpoint } from '../../server/http/endpoint';
import { grantRole } from '../../server/auth/staffRoles';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { listShop, SHOP } from '../helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../helpers/testApp';

type Json = unknown;
interface BadInput {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body: Json;
}

/** A valid input per endpoint that declares one; the fuzzer breaks it one way at a time. */
const VALID: Record<string, Omit<BadInput, 'params'>> = {
  'POST /action-log': { query: {}, body: { sessionId: 'abcdefgh', token: 'tok', entries: [{ seq: 1, at: '2026-01-01T00:00:00.000Z', type: 'x' }] } },
  'POST /auth/login': { query: {}, body: { email: 'ada@example.com', password: 'beats42', remember: true } },
  'POST /auth/register': { query: {}, body: registration({ email: 'fuzz@example.com' }) },
  'POST /auth/reset': { query: {}, body: { email: 'ada@example.com' } },
  'POST /auth/reset/new/:token': { query: {}, body: { password: 'beats43' } },
  'GET /auth/reset/validate/:token': { query: {}, body: undefined },
  'GET /auth/email-confirmation/:token': { query: {}, body: undefined },
  'GET /ecommerce/cart': { query: { coupon: 'SAVE' }, body: undefined },
  'POST /ecommerce/cart': { query: {}, body: { product: SHOP.pack.productId, includeProjectFile: false } },
  'PUT /ecommerce/cart/:id': { query: {}, body: { includeProjectFile: false } },
  'GET /tags/search': { query: { tags: 'trap' }, body: undefined },
  'GET /tracks': { query: { skip: '0', take: '10', bpm: '80-120', genre: '1,2' }, body: undefined },
  'POST /ecommerce/orders': { query: {}, body: { paymentMethod: 'paypal', paymentMethodWalletType: null, shippingAddress: null, coupon: null, expectedTotal: 0 } },
  'POST /ecommerce/orders/stripe': { query: {}, body: { stripePaymentMethodId: 'pm_card_visa', coupon: null, expectedTotal: 0 } },
  'POST /pages/contact': { query: {}, body: { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'A question about licensing.' } },
  'POST /pages/subscribe': { query: {}, body: { email: 'ada@example.com' } },
  'POST /producer/verification': {
    query: {},
    body: { artistName: 'Mara Vale', shortName: 'maravale', legalName: 'Mara Vale', dateOfBirth: '1990-05-01', address: '1 Main Street, Berlin', country: 'Germany' },
  },
  'POST /moderation/producers/:userId/reject': { query: {}, body: { reason: 'The name does not match the document.' } },
  'POST /moderation/tracks/:productId/reject': { query: {}, body: { reason: 'The preview clips.' } },
  'PUT /studio/beats/:productId': {
    query: {},
    body: {
      name: 'Midnight Ferry',
      genreIds: [1],
      moodIds: [2],
      tags: ['dark'],
      bpm: 140,
      key: 'C',
      scale: 'minor',
      vocalType: 'novocal',
      samplesType: 'royaltyfreesamples',
      priceCents: 29_900,
      stemsPriceCents: null,
      previewStartSeconds: 0,
    },
  },
  'POST /moderation/reports/:reportId/uphold': { query: {}, body: { note: 'The hook uses an uncleared sample.' } },
  'POST /moderation/reports/:reportId/dismiss': { query: {}, body: { note: 'The sample is cleared.' } },
  'POST /custom-orders': { query: {}, body: { serviceId: 2, brief: 'Master my single, loud but not squashed.', paymentMethodId: 'pm_card_visa' } },
  'POST /custom-orders/:id/messages': { query: {}, body: { text: 'Any news on my order?' } },
  'POST /custom-orders/:id/revision': { query: {}, body: { text: 'Less bass, please.' } },
  'POST /admin/custom-orders/:id/decline': { query: {}, body: { reason: 'We cannot master a mono file.' } },
  'POST /admin/custom-orders/:id/messages': { query: {}, body: { text: 'We are on it.' } },
  'POST /studio/custom-orders/:id/decline': { query: {}, body: { reason: 'Fully booked until January.' } },
  'POST /studio/custom-orders/:id/messages': { query: {}, body: { text: 'Any reference tracks?' } },
  'GET /offers': { query: { producer: '1' }, body: undefined },
  'POST /studio/offers': { query: {}, body: { name: 'Custom trap beat', description: 'A beat made to your references, with stems.', priceCents: 15_000, deliveryDays: 5 } },
  'PUT /studio/offers/:id': { query: {}, body: { name: 'Custom trap beat', description: 'A beat made to your references, with stems.', priceCents: 15_000, deliveryDays: 5 } },
  'POST /tracks/report': { query: {}, body: { productId: SHOP.pack.productId, reason: 'other', details: 'It copies another pack.', email: 'ada@example.com' } },
  'POST /admin/coupons': { query: {}, body: { code: 'fuzz10', producerId: null, percentage: 10, validFrom: '2026-01-01', validUntil: '2026-12-31', usageLimit: 5 } },
  'PUT /admin/coupons/:code': { query: {}, body: { producerId: null, percentage: 10, validFrom: '2026-01-01', validUntil: '2026-12-31', usageLimit: null } },
  'POST /admin/payouts': { query: {}, body: { payoutId: 'payout-fuzz-1', producerId: SHOP.pack.producerId, amountCents: 100, reference: 'Wire 42' } },
  // The moderator role's calls read only the user id in their path; any body is bad.
  'PUT /admin/users/:id/roles/moderator': { query: {}, body: undefined },
  'DELETE /admin/users/:id/roles/moderator': { query: {}, body: undefined },
  'GET /support/sessions': { query: { email: 'ada@example.com', from: '2026-11-01', to: '2026-11-30', type: 'cart/couponApplied', hadError: 'true', page: '1' }, body: undefined },
  'GET /admin/analytics/report': { query: { from: '2026-11-01', to: '2026-11-30' }, body: undefined },
  'GET /producer/analytics/report': { query: { from: '2026-11-01', to: '2026-11-30' }, body: undefined },
  'POST /admin/analytics/keys': { query: {}, body: { name: 'Warehouse', scopes: ['events:read', 'webhooks:manage'] } },
  'POST /admin/analytics/webhooks': { query: {}, body: { url: 'https://hooks.example.com/beatcrate', types: ['Order Completed', 'Order Refunded'] } },
  'PUT /account/profile': { query: {}, body: { firstName: 'Ada', lastName: 'Lovelace', country: 'Germany', socialNetwork: null } },
  'POST /account/email': { query: {}, body: { email: 'ada.new@example.com', currentPassword: 'beats42' } },
  'POST /account/password': { query: {}, body: { currentPassword: 'beats42', password: 'beats43', confirmPassword: 'beats43' } },
  'POST /account/delete': { query: {}, body: { currentPassword: 'beats42' } },
};

const routeOf = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;
const paramNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);

const deep = (depth: number): Json => (depth === 0 ? 'bottom' : { a: deep(depth - 1) });
/** Values of every wrong kind a field may receive. */
const wrongValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 'NaN', 'Infinity', '-0', '1e3', '0x10', '', ' ', '\uD800', 'a\uDFFFb', '<script>', '\u0000', [], {}, [[]]),
  fc.string({ maxLength: 30 }),
  fc.constantFrom('x'.repeat(70_000), 'é'.repeat(5_000)),
  fc.integer(),
  fc.double(),
  fc.array(fc.anything(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything(), { maxKeys: 3 }),
  fc.integer({ min: 50, max: 300 }).map(deep),
);
const wrongQueryValue: fc.Arbitrary<string | string[]> = fc.oneof(
  fc.constantFrom('', 'NaN', '-1', '1e309', '9'.repeat(400), 'null', '[]', '{}', '\uD800', '%', 'a,,b', ',', '0-', '-', '5-1', 'x'.repeat(10_000)),
  fc.string({ maxLength: 20 }),
  fc.array(fc.string({ maxLength: 5 }), { minLength: 2, maxLength: 3 }),
);
const junkParam: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('0', '-1', '1.5', '1e3', 'NaN', '9'.repeat(40), 'x'.repeat(5000), '..', '%00', '\uD800', ' ', "'; DROP TABLE users; --", '<img src=x>'),
  fc.string({ minLength: 1, maxLength: 20 }),
);

/** The keys an object-like schema declares (object, type, and refinements or coercions of them). */
function keysOf(struct: Struct<unknown, unknown> | undefined): string[] {
  const schema = (struct as { schema?: unknown } | undefined)?.schema;
  return schema && typeof schema === 'object' ? Object.keys(schema) : [];
}

function mutateRecord(valid: Record<string, unknown>, keys: string[], value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const present = Object.keys(valid);
  const fields = [...new Set([...keys, ...present])];
  const choices: fc.Arbitrary<unknown>[] = [
    fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), value).map(([key, v]) => ({ ...valid, [`${key}_unknown`]: v })),
  ];
  if (fields.length > 0) {
    choices.push(fc.tuple(fc.constantFrom(...fields), value).map(([key, v]) => ({ ...valid, [key]: v })));
    choices.push(fc.constantFrom(...fields).map((key) => Object.fromEntries(Object.entries(valid).filter(([name]) => name !== key))));
  }
  return fc.oneof(...choices);
}

/** Bad inputs for one endpoint, derived from the schemas it declares: each breaks a valid input in one place. */
function badInputs(endpoint: Endpoint, samplePath: Record<string, string>): fc.Arbitrary<BadInput> | null {
  const valid = VALID[routeOf(endpoint)] ?? { query: {}, body: undefined };
  const { input } = endpoint;
  const kinds: fc.Arbitrary<BadInput>[] = [];
  if (input?.body) {
    const body = valid.body as Record<string, unknown>;
    kinds.push(mutateRecord(body, keysOf(input.body), wrongValue).map((b) => ({ params: samplePath, query: valid.query, body: b })));
    kinds.push(fc.oneof(wrongValue, fc.constant(Object.values(body))).map((b) => ({ params: samplePath, query: valid.query, body: b })));
  } else if (endpoint.method !== 'GET') {
    // A call that declares no body takes none: any body but `{}` is bad.
    kinds.push(wrongValue.map((b) => ({ params: samplePath, query: valid.query, body: b })));
  }
  if (input?.query) {
    kinds.push(mutateRecord(valid.query, keysOf(input.query), wrongQueryValue).map((q) => ({ params: samplePath, query: q as BadInput['query'], body: valid.body })));
  }
  const names = paramNames(endpoint.path);
  if (names.length > 0) {
    kinds.push(fc.tuple(fc.constantFrom(...names), junkParam).map(([name, v]) => ({ params: { ...samplePath, [name]: v }, query: valid.query, body: valid.body })));
  }
  // An endpoint that reads neither input nor path has no bad input to be given, only raw junk bodies.
  return kinds.length === 0 ? null : fc.oneof(...kinds);
}

/** Whether the endpoint's own schemas refuse it: only such inputs are bad; a mutation the schema takes is skipped. */
function isRefused(endpoint: Endpoint, generated: BadInput, samplePath: Record<string, string>): boolean {
  const { input } = endpoint;
  // Judged as the server will see it: what JSON carries of the generated value.
  const bad = { ...generated, body: generated.body === undefined ? undefined : (JSON.parse(JSON.stringify(generated.body)) as Json) };
  if (JSON.stringify(bad.params) !== JSON.stringify(samplePath)) return true;
  // Too deep, or a field named like a built-in: refused at the door, and superstruct could not even print it.
  if (jsonShapeProblem(bad.body) !== null) return true;
  if (!input.body && bad.body !== undefined) return JSON.stringify(bad.body) !== '{}';
  if (input?.formRules) {
    try {
      input.formRules(bad.body);
    } catch {
      return true;
    }
  }
  const fails = (value: unknown, struct: Struct<unknown, unknown> | undefined) => struct !== undefined && validate(value, struct, { coerce: true })[0] !== undefined;
  return fails(bad.body, input?.body) || fails(bad.query, input?.query) || hasLoneSurrogate(bad.body);
}
/**
 * JSON.stringify escapes a lone surrogate (and only a lone one) as \udxxx; the server refuses it
 * in a body. A query string cannot carry one (URLSearchParams sends U+FFFD instead).
 */
const hasLoneSurrogate = (value: unknown) => /\\ud[89a-f]/i.test(JSON.stringify(value) ?? '');

/** A path segment %-escaped byte for byte, a lone surrogate too (as the 3 bytes no valid UTF-8 holds), which encodeURIComponent refuses. */
const encodeWtf8 = (text: string) =>
  text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]|[^\uD800-\uDFFF]+/g, (part) => {
    if (part.isWellFormed()) return encodeURIComponent(part);
    const code = part.charCodeAt(0);
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
  });

/** Bodies that are no JSON at all, or not what their headers say. */
const RAW_JUNK: { contentType: string; body: Buffer | string; encoding?: string }[] = [
  { contentType: 'application/json', body: '{"a":' },
  { contentType: 'application/json', body: '{"a":1}}' },
  { contentType: 'application/json', body: "{'a':1}" },
  { contentType: 'application/json', body: '\u0000\u0001\u0002' },
  { contentType: 'application/json', body: '{"a":"\\uD800"}' },
  { contentType: 'application/json', body: `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}` },
  { contentType: 'application/json', body: `"${'x'.repeat(2_000_000)}"` },
  { contentType: 'application/json; charset=latin1', body: '{"a":1}' },
  { contentType: 'application/json', body: Buffer.from('not gzip'), encoding: 'gzip' },
  { contentType: 'application/json', body: gzipSync('{"a":1}'), encoding: 'compress' },
  { contentType: 'text/xml', body: '<a>1</a>' },
  { contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=2' },
  { contentType: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--' },
];

/**
 * Tables that count requests as telemetry, not state: rate_limit_hits counts every call an address
 * makes, session_activity notes when a session was last used.
 */
const TELEMETRY = new Set(['rate_limit_hits', 'session_activity']);

describe.each([
  { captcha: 'off', perEndpoint: Number(process.env.FUZZ_PER_ENDPOINT ?? 200) },
  { captcha: 'on', perEndpoint: 30 },
])('every endpoint refuses generated bad input with a 4xx and a message, changing nothing (captcha $captcha)', ({ captcha, perEndpoint }) => {
  let app: TestApp;
  let client: ApiBrowser;
  let producer: ApiBrowser;
  let moderator: ApiBrowser;
  let tables: string[];
  /** Each call is fuzzed as an account that may make it, so its own checks are reached, not the role's 404. */
  const callerOf = (endpoint: Endpoint) => {
    if (endpoint.access === 'anyone' || endpoint.access === 'member') return client;
    if (endpoint.access.includes('producer')) return producer;
    if (endpoint.access.includes('moderator') || endpoint.access.includes('admin')) return moderator;
    throw new Error(`${routeOf(endpoint)}: no fuzzing account has its role`);
  };

  const logIn = async () => {
    expect((await client.json('POST', '/auth/login', { email: 'ada@example.com', password: registration({}).password, remember: false })).status).toBe(200);
  };

  const snapshot = async () => {
    const rows: Record<string, string[]> = {};
    for (const table of tables) {
      const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(app.deps.database.query);
      rows[table] = result.rows.map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).sort();
    }
    return rows;
  };

  beforeAll(async () => {
    app = await startTestApp({
      env: {
        CAPTCHA: captcha,
        RESET_REQUESTS_PER_15_MINUTES: '1000000',
        PAGE_FORMS_PER_15_MINUTES: '1000000',
        REGISTRATIONS_PER_HOUR: '1000000',
        TRACK_PLAYS_PER_MINUTE: '1000000',
        ACTION_LOG_BATCHES_PER_MINUTE: '1000000',
      },
    });
    await listShop(app.deps);
    client = new ApiBrowser(app.baseUrl);
    expect((await client.json('POST', '/auth/register', registration({ email: 'ada@example.com' }))).status).toBe(201);
    expect((await client.json('GET', '/auth/checkhealth')).status).toBe(200);
    producer = new ApiBrowser(app.baseUrl);
    expect((await producer.json('POST', '/auth/register', registration({ email: 'mara@example.com', selectedRole: 'producer', socialNetwork: 'facebook.com/mara' }))).status).toBe(201);
    moderator = new ApiBrowser(app.baseUrl);
    expect((await moderator.json('POST', '/auth/register', registration({ email: 'mod@example.com' }))).status).toBe(201);
    expect(await grantRole(app.deps, 'mod@example.com', 'moderator')).toBe('granted');
    // Admin-only calls (the admin site's summary) are fuzzed by the same staff account.
    expect(await grantRole(app.deps, 'mod@example.com', 'admin')).toBe('granted');
    expect((await moderator.json('POST', '/auth/login', { email: 'mod@example.com', password: registration({}).password, remember: false })).status).toBe(200);
    tables = (await app.deps.database.query.introspection.getTables()).map((table) => table.name).filter((name) => !TELEMETRY.has(name));
  });
  afterAll(() => app.close());

  test('generated inputs and raw junk', async () => {
    // The setup's own analytics events are derived first, so that the snapshot compares only what the junk did.
    await app.deps.analytics.projector.catchUp();
    const before = await snapshot();
    const counts: Record<string, number> = {};
    const wrong: string[] = [];
    const send = async (endpoint: Endpoint, path: string, init: { contentType?: string; body?: Buffer | string; encoding?: string }, what: string) => {
      const headers: Record<string, string> = { Cookie: callerOf(endpoint).cookieHeader() };
      if (init.contentType) headers['Content-Type'] = init.contentType;
      if (init.encoding) headers['Content-Encoding'] = init.encoding;
      const response = await fetch(`${app.baseUrl}/api/v1${path}`, { method: endpoint.method, headers, body: typeof init.body === 'string' ? init.body : init.body && new Uint8Array(init.body) });
      const text = await response.text();
      let answer: { message?: unknown; statusCode?: unknown } = {};
      try {
        answer = JSON.parse(text) as typeof answer;
      } catch {
        // Not JSON: reported below.
      }
      const ok = response.status >= 400 && response.status < 500 && typeof answer.message === 'string' && answer.message !== '' && answer.statusCode === response.status;
      if (!ok && wrong.length < 100) wrong.push(`${routeOf(endpoint)} ${what} -> ${response.status} ${text.slice(0, 200)}`);
      counts[routeOf(endpoint)] = (counts[routeOf(endpoint)] ?? 0) + 1;
      // A logout that went through (reported above) ended the session: log in again, so the member calls after it are still fuzzed as a member.
      if (endpoint.path === '/auth/logout' && response.ok) await logIn();
    };
    const pathWith = (endpoint: Endpoint, params: Record<string, string>, query: BadInput['query']) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) for (const one of [value].flat()) search.append(key, one);
      const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => encodeWtf8(params[name]!));
      return search.size > 0 ? `${path}?${search}` : path;
    };

    for (const endpoint of API_ENDPOINTS) {
      const samplePath = Object.fromEntries(paramNames(endpoint.path).map((name) => [name, name === 'token' ? 'A'.repeat(43) : String(SHOP.pack.productId)]));
      const arbitrary = badInputs(endpoint, samplePath);
      const inputs = (arbitrary ? fc.sample(arbitrary, { numRuns: perEndpoint * 3, seed: 20_260_101 }) : [])
        .filter((bad) => isRefused(endpoint, bad, samplePath))
        .slice(0, perEndpoint);
      for (const bad of inputs) {
        const body = bad.body === undefined ? undefined : JSON.stringify(bad.body);
        await send(endpoint, pathWith(endpoint, bad.params, bad.query), { contentType: body === undefined ? undefined : 'application/json', body }, JSON.stringify(bad).slice(0, 200));
      }
      if (endpoint.method !== 'GET') {
        for (const junk of RAW_JUNK) await send(endpoint, pathWith(endpoint, samplePath, {}), junk, `raw ${junk.contentType} ${String(junk.body).slice(0, 40)}`);
      }
    }
    console.log(`captcha ${captcha}: ${Object.keys(counts).length} endpoints, ${Object.values(counts).reduce((a, b) => a + b, 0)} bad inputs\n${Object.entries(counts).map(([route, n]) => `${route}: ${n}`).join('\n')}`);
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
