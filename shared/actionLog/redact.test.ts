import fc from 'fast-check';
import { containsEmailAddress, REDACTED, redact } from './redact';

describe('redact', () => {
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

  test('hides personal data: email addresses, names, phone numbers and addresses', () => {
    expect(redact({ user: { id: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', roles: ['client'] } })).toEqual({
      user: { id: 7, firstName: REDACTED, lastName: REDACTED, email: REDACTED, roles: ['client'] },
    });
    expect(redact({ message: 'write to ada@example.com' })).toEqual({ message: REDACTED });
    expect(redact({ shippingAddress: { city: 'Berlin' }, phone: '+49 30 1234' })).toEqual({ shippingAddress: REDACTED, phone: REDACTED });
  });

  test('hides the legal name and date of birth of a producer waiting for verification, keeping what is public', () => {
    const request = { userId: 12, artistName: 'Mara Vale', shortName: 'maravale', country: 'DE', legalName: 'Mara Vale-Schmidt', dateOfBirth: '1994-03-12', age: 32 };
    expect(redact({ moderation: { pendingProducers: [request] } })).toEqual({
      moderation: { pendingProducers: [{ ...request, legalName: REDACTED, dateOfBirth: REDACTED }] },
    });
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
