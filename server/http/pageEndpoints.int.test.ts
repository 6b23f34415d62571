import { assert } from 'superstruct';
import { SoundServicesSchema } from '../../shared/schemas/pages';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { handleCommand } from '../domain/commandHandler';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import { demoListings } from '../seed/seedDemoCatalogue';
import { PAGE_FORM_LIMIT_MESSAGES } from './pageFormLimits';

const LIMIT = 3;
const PRODUCT_ID = 7001;

describe('content page calls', () => {
  const clock = manualClock();
  let app: TestApp;
  let ipCounter = 0;
  /** Each visitor comes from its own address, so one test's rate limit does not reach another. */
  const browser = (ip = `10.1.0.${++ipCounter}`) => new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': ip });
  const rows = (table: 'contact_messages' | 'newsletter_subscribers' | 'track_reports') =>
    app.deps.database.query.selectFrom(table).selectAll().execute();

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { TRUST_PROXY: '1', PAGE_FORMS_PER_15_MINUTES: String(LIMIT) } });
    const listing = { ...demoListings(1)[0]!, productId: PRODUCT_ID, preview: null };
    await handleCommand(app.deps.eventStore, productStreamId(PRODUCT_ID), productDecider, { type: 'ListProduct', listing });
    await app.deps.projector.catchUp();
  });
  afterAll(() => app.close());

  describe('GET /pages/services/sound', () => {
    test('lists the sound services on offer from the services table, in order, with prices in USD', async () => {
      const { status, body } = await browser().json('GET', '/pages/services/sound');
      expect(status).toBe(200);
      assert(body, SoundServicesSchema);
      expect(body.services.map((service) => service.slug)).toEqual([
        'mixing',
        'mastering',
        'mixing-and-mastering',
        'custom-beat',
        'vocal-tuning',
        'vocal-editing',
        'arrangement',
      ]);
      expect(body.services[0]).toMatchObject({ name: 'Mixing', priceUsd: 149, deliveryDays: 5 });
    });

    test('a service taken off the offer is no longer listed', async () => {
      await app.deps.database.transaction((tx) => tx.updateTable('sound_services').set({ active: 0 }).where('slug', '=', 'arrangement').execute());
      try {
        const { body } = await browser().json<{ services: { slug: string }[] }>('GET', '/pages/services/sound');
        expect(body.services.map((service) => service.slug)).not.toContain('arrangement');
      } finally {
        await app.deps.database.transaction((tx) => tx.updateTable('sound_services').set({ active: 1 }).where('slug', '=', 'arrangement').execute());
      }
    });
  });

  describe('POST /pages/contact', () => {
    const message = { name: 'Mara Quinn', email: 'mara@example.com', subject: 'Licensing question', message: 'Can I use a beat I bought in a film?' };

    test('stores the message, trimmed, with the time it came in', async () => {
      const { status, body } = await browser().json('POST', '/pages/contact', { ...message, name: '  Mara Quinn ' });
      expect({ status, body }).toEqual({ status: 201, body: { status: 'ok' } });
      expect(await rows('contact_messages')).toEqual([
        expect.objectContaining({ ...message, user_id: null, created_at: clock.now().getTime() }),
      ]);
    });

    test('a logged-in sender is linked to their account', async () => {
      const member = browser();
      const { body: user } = await member.json<{ id: number }>('POST', '/auth/register', registration({ email: 'member@example.com' }));
      expect((await member.json('POST', '/pages/contact', { ...message, subject: 'From a member' })).status).toBe(201);
      const stored = (await rows('contact_messages')).find((row) => row.subject === 'From a member');
      expect(Number(stored?.user_id)).toBe(user.id);
    });

    test.each([
      [{ ...message, email: 'not-an-email' }, 'Email must be a valid email address', 'email'],
      [{ ...message, name: '   ' }, 'Name is required', 'name'],
      [{ ...message, message: 'short' }, 'Message must be at least 10 characters long', 'message'],
      [{ ...message, subject: 'x'.repeat(151) }, 'Subject must be at most 150 characters long', 'subject'],
      [{ email: 'mara@example.com' }, 'Name is required', 'name'],
      [['Mara'], 'The form must be sent as a JSON object', 'form'],
    ])('refuses %j with 400 and stores nothing', async (input, expected, field) => {
      const before = (await rows('contact_messages')).length;
      const { status, body } = await browser().json<{ message: string; errors: Record<string, string> }>('POST', '/pages/contact', input);
      expect(status).toBe(400);
      expect(body.message).toBe(expected);
      expect(body.errors[field]).toBe(expected);
      expect(await rows('contact_messages')).toHaveLength(before);
    });

    test(`answers the ${LIMIT + 1}th message from one address in 15 minutes with 429`, async () => {
      const sender = browser();
      const before = (await rows('contact_messages')).length;
      for (let i = 0; i < LIMIT; i++) expect((await sender.json('POST', '/pages/contact', message)).status).toBe(201);
      expect(await sender.json('POST', '/pages/contact', message)).toEqual({
        status: 429,
        body: { statusCode: 429, message: PAGE_FORM_LIMIT_MESSAGES['/pages/contact'] },
      });
      expect(await rows('contact_messages')).toHaveLength(before + LIMIT);
      // Another address, and another form from the same address, keep their own counts.
      expect((await browser().json('POST', '/pages/contact', message)).status).toBe(201);
      expect((await sender.json('POST', '/pages/subscribe', { email: 'limits@example.com' })).status).toBe(200);
    });
  });

  describe('POST /pages/subscribe', () => {
    test('stores the email lowercased, once, however often it is sent', async () => {
      const visitor = browser();
      expect(await visitor.json('POST', '/pages/subscribe', { email: ' Fan@Example.COM ' })).toEqual({ status: 200, body: { status: 'ok' } });
      expect(await browser().json('POST', '/pages/subscribe', { email: 'fan@example.com' })).toEqual({ status: 200, body: { status: 'ok' } });
      const fans = (await rows('newsletter_subscribers')).filter((row) => row.email.includes('fan@'));
      expect(fans).toEqual([{ email: 'fan@example.com', subscribed_at: expect.anything() }]);
    });

    test.each([[{}, 'Email is required'], [{ email: 'fan@' }, 'Email must be a valid email address'], [{ email: 42 }, 'Email is required']])(
      'refuses %j with 400 and stores nothing',
      async (input, expected) => {
        const before = (await rows('newsletter_subscribers')).length;
        expect(await browser().json('POST', '/pages/subscribe', input)).toEqual({
          status: 400,
          body: { statusCode: 400, message: expected, errors: { email: expected } },
        });
        expect(await rows('newsletter_subscribers')).toHaveLength(before);
      },
    );

    test('a flood of subscriptions from one address gets 429', async () => {
      const visitor = browser();
      for (let i = 0; i < LIMIT; i++) expect((await visitor.json('POST', '/pages/subscribe', { email: `flood${i}@example.com` })).status).toBe(200);
      const refused = await visitor.json('POST', '/pages/subscribe', { email: 'flood-last@example.com' });
      expect(refused).toEqual({ status: 429, body: { statusCode: 429, message: PAGE_FORM_LIMIT_MESSAGES['/pages/subscribe'] } });
      expect((await rows('newsletter_subscribers')).map((row) => row.email)).not.toContain('flood-last@example.com');
    });
  });

  describe('POST /tracks/report', () => {
    const report = { productId: PRODUCT_ID, reason: 'copyright', details: 'This is my song "Low Tide" from 2021, re-uploaded.', email: 'owner@example.com' };

    test('files an open report on the product for the moderators', async () => {
      expect(await browser().json('POST', '/tracks/report', report)).toEqual({ status: 201, body: { status: 'ok' } });
      const [stored] = (await rows('track_reports')).filter((row) => row.email === 'owner@example.com');
      expect(stored).toMatchObject({ reason: 'copyright', details: report.details, status: 'open', created_at: clock.now().getTime() });
      expect(Number(stored?.product_id)).toBe(PRODUCT_ID);
    });

    test('a product not in the catalogue gets 404 and no report', async () => {
      const before = (await rows('track_reports')).length;
      expect(await browser().json('POST', '/tracks/report', { ...report, productId: 999_999 })).toEqual({
        status: 404,
        body: { statusCode: 404, message: 'Product 999999 not found' },
      });
      expect(await rows('track_reports')).toHaveLength(before);
    });

    test.each([
      [{ ...report, reason: 'boring' }, 'Choose a reason for the report'],
      [{ ...report, productId: '7001' }, 'productId must be the id of a product'],
      [{ ...report, productId: -1 }, 'productId must be the id of a product'],
      [{ ...report, details: 'bad' }, 'Details must be at least 10 characters long'],
      [{ ...report, email: '' }, 'Email is required'],
    ])('refuses %j with 400 and stores nothing', async (input, expected) => {
      const before = (await rows('track_reports')).length;
      const { status, body } = await browser().json<{ message: string }>('POST', '/tracks/report', input);
      expect({ status, message: body.message }).toEqual({ status: 400, message: expected });
      expect(await rows('track_reports')).toHaveLength(before);
    });

    test('a flood of reports from one address gets 429', async () => {
      const reporter = browser();
      for (let i = 0; i < LIMIT; i++) expect((await reporter.json('POST', '/tracks/report', report)).status).toBe(201);
      expect(await reporter.json('POST', '/tracks/report', report)).toEqual({
        status: 429,
        body: { statusCode: 429, message: PAGE_FORM_LIMIT_MESSAGES['/tracks/report'] },
      });
    });
  });
});
