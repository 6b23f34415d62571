import fc from 'fast-check';
import { nullable, object, optional, string } from 'superstruct';
import { customOrderLoaded } from '../features/customOrders/customOrdersSlice';
import { addressSubmitted } from '../features/checkout/checkoutSlice';
import { navigationRequested } from '../features/navigation/navigationSlice';
import { supportSessionLoaded } from '../features/support/supportSlice';
import type { CustomOrderDetail } from '../schemas/customOrders';
import { personal } from '../schemas/personal';
import { redactDeclared } from './personalData';
import { containsEmailAddress, REDACTED, redactAction, redactPayload, redactSecretsAndFreeText as redact, redactState } from './redact';
import { SESSION_STARTED } from './entry';

const anOpenOrder = (): CustomOrderDetail => ({
  id: 'co_1',
  serviceName: 'Mixing',
  state: 'waiting',
  price: 120,
  requestedAt: '2026-11-24T10:00:00.000Z',
  deadline: null,
  overdue: false,
  buyerName: 'Ada Lovelace',
  sellerName: 'Beatcrate',
  brief: 'Mix my song Analytical Engine, loud but warm please.',
  thread: [{ from: 'buyer', kind: 'message', text: 'Stems are attached.', at: '2026-11-24T10:05:00.000Z' }],
  files: [],
  downloadsUntil: null,
  revisionsLeft: 2,
  nextActionUrl: null,
  failureReason: null,
  actions: ['message'],
  viewer: 'buyer',
  refunded: false,
});

describe('redaction by the declared shape of the state and the actions', () => {
  test('a custom order loses its buyer\'s name, brief and thread wherever the state or an action holds it, and keeps the rest', () => {
    const order = anOpenOrder();
    const { id, serviceName, state: orderState, price, requestedAt, deadline, overdue, buyerName, sellerName } = order;
    const summary = { id, serviceName, state: orderState, price, requestedAt, deadline, overdue, buyerName, sellerName };
    const state = redactState({ customOrders: { open: order, mine: [summary], shop: null, producer: null }, catalogue: { genres: [] } });
    const expected = { ...order, buyerName: REDACTED, brief: REDACTED, thread: [{ ...order.thread[0]!, text: REDACTED }] };
    expect(state).toEqual({ customOrders: { open: expected, mine: [{ ...summary, buyerName: REDACTED }], shop: null, producer: null }, catalogue: { genres: [] } });
    expect(redactAction(customOrderLoaded(order))).toEqual({ type: customOrderLoaded.type, payload: expected });
    // A page load carries the state it started from.
    expect(redactPayload(SESSION_STARTED, { state: { customOrders: { open: order } }, viewport: { width: 390, height: 844 } })).toEqual({
      state: { customOrders: { open: expected } },
      viewport: { width: 390, height: 844 },
    });
    expect(order.buyerName).toBe('Ada Lovelace');
  });

  test('the buyer a support session names leaves the staff member\'s own log; the timeline stays', () => {
    const session = { id: 'tab-1', startedAt: '', lastSeenAt: '', entryCount: 1, pageCount: 1, viewportWidth: 390, failedRequests: 0, errorCount: 0, userId: 12, imported: false };
    const detail = { session, steps: [], events: [], downloads: [], buyer: { id: 12, name: 'Ada Lovelace', email: 'ada@example.com' }, divergedAt: null, missing: [], audits: [], viewport: { width: 390, height: 844 }, stopped: null };
    const redacted = redactAction(supportSessionLoaded(detail)).payload;
    expect(redacted.buyer).toEqual({ id: 12, name: REDACTED, email: REDACTED });
    expect(redacted.session).toEqual(session);
    expect(redactState({ support: { session: detail } }).support.session.buyer).toEqual({ id: 12, name: REDACTED, email: REDACTED });
  });

  test('a field stays marked inside nullable, optional and objects built from the schema\'s fields', () => {
    const name = personal(string());
    const Person = object({ name, nickname: nullable(personal(string())), alias: optional(name) });
    const Wrapper = object({ person: nullable(object({ ...Person.schema, id: string() })) });
    expect(redactDeclared({ person: { name: 'Ada', nickname: null, alias: 'A.', id: 'u1' } }, Wrapper)).toEqual({ person: { name: REDACTED, nickname: null, alias: REDACTED, id: 'u1' } });
  });

  test('a shipping address, a verifying producer\'s legal name and birth date, keeping what is public', () => {
    const address = { fullName: 'Ada Lovelace', line1: '1 Main St', city: 'Berlin', postalCode: '10115', country: 'Germany' };
    expect(redactAction(addressSubmitted({ shippingAddress: address, expectedTotal: 21194 })).payload.shippingAddress).toEqual({
      fullName: REDACTED,
      line1: REDACTED,
      city: REDACTED,
      postalCode: REDACTED,
      country: REDACTED,
    });
    const request = { userId: 12, artistName: 'Mara Vale', shortName: 'maravale', country: 'DE', legalName: 'Mara Vale-Schmidt', dateOfBirth: '1994-03-12', age: 32, submittedAt: '2026-11-24T10:00:00.000Z' };
    expect(redactState({ moderation: { pendingProducers: [request] } })).toEqual({
      moderation: { pendingProducers: [{ ...request, legalName: REDACTED, dateOfBirth: REDACTED }] },
    });
  });

  test('what an admin searched for by name or email leaves the page\'s address; other parameters stay', () => {
    const requested = redactAction(navigationRequested({ pathname: '/admin/buyers', search: '?q=Ada+Lovelace&page=2', mode: 'push' }));
    expect(requested.payload.search).toBe(`?q=${encodeURIComponent(REDACTED)}&page=2`);
    expect(redactState({ navigation: { pathname: '/admin/support/sessions', search: '?email=x&hadError=true', pending: null } })).toEqual({
      navigation: { pathname: '/admin/support/sessions', search: `?email=${encodeURIComponent(REDACTED)}&hadError=true`, pending: null },
    });
    expect(redactState({ navigation: { pathname: '/beats', search: '?sort=price_asc&bpm=80-120', pending: null } }).navigation.search).toBe('?sort=price_asc&bpm=80-120');
  });
});

describe('the safety net under the declarations', () => {
  test('hides passwords, tokens and card data at any depth', () => {
    expect(
      redact({
        login: { email: 'a@b.co', password: 'hunter22', isShowPassword: true },
        register: { confirmPassword: 'x1yz5' },
        reset: { token: 'abc' },
        payment: { card: { number: '4242424242424242' }, stripePaymentMethodId: 'pm_card_visa' },
        list: [{ accessToken: 't' }],
      }),
    ).toEqual({
      login: { email: REDACTED, password: REDACTED, isShowPassword: true },
      register: { confirmPassword: REDACTED },
      reset: { token: REDACTED },
      payment: { card: REDACTED, stripePaymentMethodId: 'pm_card_visa' },
      list: [{ accessToken: REDACTED }],
    });
  });

  test('hides email addresses in any text', () => {
    expect(redact({ message: 'write to ada@example.com' })).toEqual({ message: REDACTED });
  });

  test('hides the token of a mailed link wherever its path appears, and emails in query strings', () => {
    expect(
      redact({
        navigation: { pathname: '/reset-password/abc123XYZ', params: { token: 'abc123XYZ' } },
        to: '/email-confirmation/tok_en?x=1',
        search: '?email=ada%40example.com',
      }),
    ).toEqual({
      navigation: { pathname: `/reset-password/${REDACTED}`, params: { token: REDACTED } },
      to: `/email-confirmation/${REDACTED}?x=1`,
      search: REDACTED,
    });
    expect(redact({ pathname: '/reset-password' })).toEqual({ pathname: '/reset-password' });
    expect(redact({ downloads: [{ url: 'http://shop.test/api/v1/downloads/k3y?x=1', name: 'Night Drive.mp3' }] })).toEqual({
      downloads: [{ url: `http://shop.test/api/v1/downloads/${REDACTED}?x=1`, name: 'Night Drive.mp3' }],
    });
  });

  test('drops what is nested deeper than any real state instead of overflowing the stack', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 5000; level++) deep = [deep];
    expect(() => redact({ payload: deep })).not.toThrow();
    expect(JSON.stringify(redact({ payload: deep }))).toContain(REDACTED);
  });

  test('hides card numbers typed into free text', () => {
    expect(redact({ message: 'my card is 4242 4242 4242 4242 thanks' })).toEqual({ message: REDACTED });
    expect(redact({ message: 'order 1234567890123 please' })).toEqual({ message: 'order 1234567890123 please' });
  });

  test('keeps page state whose names merely mention a secret', () => {
    const state = { passwordReset: { link: 'valid' }, emailConfirmation: { status: 'none' }, tokenCount: 2, artistName: 'Nova' };
    expect(redact(state)).toEqual(state);
  });

  test('leaves ordinary values untouched and does not mutate its input', () => {
    const input = { tracks: [{ id: 1, name: 'Night Drive', bpm: 90 }], volume: 0.5, empty: null };
    const copy = structuredClone(input);
    expect(redact(input)).toEqual(copy);
    expect(input).toEqual(copy);
  });

  test('finds an email address in free text exactly where the pattern `local@domain.tld` would', () => {
    // The regular expression the scan replaced, as the reference on short texts.
    const reference = /[^\s@]+@[^\s@]+\.[^\s@]{2,}/;
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '.', '@', ' ', '\n', '-', '1'), maxLength: 24 });
    fc.assert(fc.property(text, (candidate) => containsEmailAddress(candidate) === reference.test(candidate)), { numRuns: 5000 });
    expect(containsEmailAddress('write to ada@example.com today')).toBe(true);
    expect(containsEmailAddress('@handle and a.b@c')).toBe(false);
  });

  test('a batch of long texts without spaces (the largest an action-log batch can carry) is redacted, not stuck', () => {
    const long = ['a'.repeat(256 * 1024), `x@${'a.'.repeat(128 * 1024)}`, '@'.repeat(256 * 1024), `${'a@'.repeat(128 * 1024)}`];
    expect(redact(long)).toEqual([long[0], REDACTED, long[2], long[3]]);
  });
});
