import { grantRole } from '../auth/staffRoles';
import type { PendingProducer, VerificationAnswer } from '../../shared/schemas/verification';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';

const DETAILS = {
  artistName: 'Mara Vale',
  shortName: 'maravale',
  legalName: 'Mara Vale-Schmidt',
  dateOfBirth: '1994-03-12',
  address: 'Torstraße 1, 10119 Berlin',
  country: 'Germany',
};

describe('identity verification: a producer asks, a moderator decides (SPEC §2)', () => {
  const clock = manualClock(new Date('2026-11-24T10:00:00.000Z'));
  let app: TestApp;
  let producer: ApiBrowser;
  let producerId: number;
  let moderator: ApiBrowser;
  let moderatorId: number;
  let counter = 0;

  const account = async (email: string, overrides: Record<string, unknown> = {}) => {
    const browser = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.7.0.${++counter}` });
    expect((await browser.json('POST', '/auth/register', registration({ email, ...overrides }))).status).toBe(201);
    const { body } = await browser.json<{ id: number }>('GET', '/auth/checkhealth');
    return { browser, id: body.id };
  };

  beforeAll(async () => {
    app = await startTestApp({ clock });
    ({ browser: producer, id: producerId } = await account('mara@example.com', { selectedRole: 'producer', socialNetwork: 'facebook.com/mara' }));
    ({ browser: moderator, id: moderatorId } = await account('mod@example.com'));
    expect(await grantRole(app.deps, 'mod@example.com', 'moderator')).toBe('granted');
    expect((await moderator.json('POST', '/auth/login', { email: 'mod@example.com', password: registration({}).password, remember: false })).status).toBe(200);
  });
  afterAll(() => app.close());

  test('a producer starts unverified; bad details are refused with the field and nothing kept', async () => {
    expect((await producer.json<VerificationAnswer>('GET', '/producer/verification')).body).toMatchObject({ status: 'none', producerId: null });
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ dateOfBirth: '2012-01-01' }, 400, 'Sellers must be at least 18 years old'],
      [{ dateOfBirth: '1994-02-30x' }, 400, 'Date of birth must be a date (YYYY-MM-DD)'],
      [{ country: 'Atlantis' }, 400, 'Choose a country from the list'],
      [{ shortName: 'Mara Vale' }, 400, 'Page address needs 3 to 50 characters with a letter, no spaces and no capitals'],
      [{ shortName: 'novakade' }, 409, 'This page address is taken'],
      // The dashboard and admin sites live at these addresses.
      [{ shortName: 'dashboard' }, 400, 'This page address is taken'],
      [{ shortName: 'admin' }, 400, 'This page address is taken'],
      [{ address: 'Berlin' }, 400, 'Address must be at least 10 characters long'],
      [{ legalName: ' ' }, 400, 'Legal name is required'],
    ];
    // The demo shop's Nova Kade has the page address `novakade`.
    await app.deps.database.transaction((tx) =>
      tx.insertInto('catalogue_producers').values({ id: 1, artist_name: 'Nova Kade', short_name: 'novakade', avatar_src: null, followers: 0 }).execute(),
    );
    for (const [change, status, message] of refusals) {
      const answer = await producer.json<{ message: string }>('POST', '/producer/verification', { ...DETAILS, ...change });
      expect([answer.status, answer.body.message]).toEqual([status, message]);
    }
    expect(await app.deps.database.query.selectFrom('identity_details').selectAll().execute()).toEqual([]);
    expect((await producer.json<VerificationAnswer>('GET', '/producer/verification')).body.status).toBe('none');
  });

  test('submitted, it waits in Pending producers with the details to check; a second submission is refused', async () => {
    const submitted = await producer.json<VerificationAnswer>('POST', '/producer/verification', DETAILS);
    expect(submitted).toEqual({ status: 201, body: { status: 'pending', artistName: 'Mara Vale', shortName: 'maravale', country: 'DE', reason: null, producerId: null } });
    expect((await producer.json<{ message: string }>('POST', '/producer/verification', DETAILS)).body.message).toBe('Your verification is waiting for a moderator');
    const { body } = await moderator.json<{ producers: PendingProducer[] }>('GET', '/moderation/producers/pending');
    expect(body.producers).toEqual([
      {
        userId: producerId,
        email: 'mara@example.com',
        artistName: 'Mara Vale',
        shortName: 'maravale',
        country: 'DE',
        legalName: 'Mara Vale-Schmidt',
        dateOfBirth: '1994-03-12',
        age: 32,
        address: 'Torstraße 1, 10119 Berlin',
        submittedAt: '2026-11-24T10:00:00.000Z',
      },
    ]);
  });

  test('rejected with a reason the producer reads; fixed and sent again, then approved with a producer profile', async () => {
    expect((await moderator.json('POST', `/moderation/producers/${producerId}/reject`, { reason: ' ' })).status).toBe(400);
    const rejected = await moderator.json<VerificationAnswer>('POST', `/moderation/producers/${producerId}/reject`, { reason: 'The legal name does not match the address.' });
    expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'The legal name does not match the address.' });
    expect((await producer.json<VerificationAnswer>('GET', '/producer/verification')).body).toMatchObject({ status: 'rejected', reason: 'The legal name does not match the address.' });
    expect((await moderator.json<{ producers: unknown[] }>('GET', '/moderation/producers/pending')).body.producers).toEqual([]);

    expect((await producer.json('POST', '/producer/verification', { ...DETAILS, legalName: 'Mara Vale' })).status).toBe(201);
    const approved = await moderator.json<VerificationAnswer>('POST', `/moderation/producers/${producerId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'verified', reason: null, producerId: 10_001 });
    // The producer sells under a public profile at their page address.
    const profile = await new ApiBrowser(app.baseUrl).json<{ artistName: string; producerUrl: string }>('GET', '/users/producer/maravale');
    expect(profile).toMatchObject({ status: 200, body: { artistName: 'Mara Vale', producerUrl: 'maravale' } });
    expect((await producer.json<VerificationAnswer>('GET', '/producer/verification')).body.status).toBe('verified');
    // A second approval changes nothing and says so.
    expect((await moderator.json<VerificationAnswer>('POST', `/moderation/producers/${producerId}/approve`)).body.producerId).toBe(10_001);
    expect((await producer.json<{ message: string }>('POST', '/producer/verification', DETAILS)).body.message).toBe('Your identity is verified already');
  });

  test('every decision is an event naming the moderator who made it', async () => {
    const events = await app.deps.eventStore.readAll({ types: ['IdentityVerificationSubmitted', 'IdentityVerified', 'IdentityVerificationRejected'], limit: 100 });
    expect(events.map((event) => [event.type, (event.data as { by?: number }).by ?? null])).toEqual([
      ['IdentityVerificationSubmitted', null],
      ['IdentityVerificationRejected', moderatorId],
      ['IdentityVerificationSubmitted', null],
      ['IdentityVerified', moderatorId],
    ]);
    // The personal details a moderator checked stay out of the events.
    expect(JSON.stringify(events)).not.toMatch(/Torstraße|1994-03-12|Schmidt/);
  });

  test('a decision on nobody’s request is 404; a non-numeric id 400', async () => {
    expect((await moderator.json('POST', '/moderation/producers/999999/approve')).status).toBe(404);
    expect((await moderator.json('POST', '/moderation/producers/abc/approve')).status).toBe(400);
  });
});
