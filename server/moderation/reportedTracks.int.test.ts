import type { ReportedTrack } from '../../shared/schemas/moderation';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { listProducts, listShop, SHOP } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { grantRole } from '../auth/staffRoles';
import { readOutbox } from '../mail/outbox';
import { fileTrackReport } from '../pages/pageForms';

const VERIFICATION = {
  artistName: 'Mara Vale',
  shortName: 'maravale',
  legalName: 'Mara Vale',
  dateOfBirth: '1990-05-01',
  address: 'Torstraße 1, 10119 Berlin',
  country: 'Germany',
};

describe('Reported tracks: a moderator upholds or dismisses a report (SPEC §2 admin menu)', () => {
  let app: TestApp;
  let moderator: ApiBrowser;
  let moderatorId: number;
  let counter = 0;
  const MARAS_BEAT = { ...SHOP.beat2, productId: 50, producerId: 10_001, name: 'Mara Loop' };

  const account = async (email: string, overrides: Record<string, unknown> = {}) => {
    const browser = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.8.0.${++counter}` });
    expect((await browser.json('POST', '/auth/register', registration({ email, ...overrides }))).status).toBe(201);
    return { browser, id: (await browser.json<{ id: number }>('GET', '/auth/checkhealth')).body.id };
  };
  const report = (productId: number, details: string) =>
    fileTrackReport(app.deps, { productId, reason: 'samples', details, email: 'fan@example.com' }, null);
  const reported = async () => (await moderator.json<{ reports: ReportedTrack[] }>('GET', '/moderation/tracks/reported')).body.reports;

  beforeAll(async () => {
    app = await startTestApp();
    await listShop(app.deps);
    ({ browser: moderator, id: moderatorId } = await account('mod@example.com'));
    await grantRole(app.deps, 'mod@example.com', 'moderator');
    expect((await moderator.json('POST', '/auth/login', { email: 'mod@example.com', password: registration({}).password, remember: false })).status).toBe(200);
    // Mara is a verified producer (profile 10001) selling one beat.
    const { browser: mara, id: maraId } = await account('mara@example.com', { selectedRole: 'producer', socialNetwork: 'facebook.com/mara' });
    expect((await mara.json('POST', '/producer/verification', VERIFICATION)).status).toBe(201);
    expect((await moderator.json('POST', `/moderation/producers/${maraId}/approve`)).status).toBe(200);
    await listProducts(app.deps, [MARAS_BEAT]);
  });
  afterAll(() => app.close());

  test('open reports list the beat, its producer, the reason and the details, oldest first', async () => {
    expect(await report(MARAS_BEAT.productId, 'The hook is a sample from a 1998 record.')).toBe(true);
    expect(await report(SHOP.beat.productId, 'Sounds like another producer’s beat.')).toBe(true);
    expect(await reported()).toEqual([
      expect.objectContaining({ productId: 50, productName: 'Mara Loop', producerName: 'Mara Vale', listed: true, reason: 'samples', details: 'The hook is a sample from a 1998 record.' }),
      expect.objectContaining({ productId: SHOP.beat.productId, productName: 'Night Drive', listed: true }),
    ]);
  });

  test('upheld: the beat leaves the shop, its producer is mailed the reason, the report is closed', async () => {
    const [first] = await reported();
    expect((await moderator.json('POST', `/moderation/reports/${first!.reportId}/uphold`, { note: ' ' })).status).toBe(400);
    const upheld = await moderator.json('POST', `/moderation/reports/${first!.reportId}/uphold`, { note: 'The hook uses an uncleared sample.' });
    expect(upheld).toEqual({ status: 200, body: { status: 'upheld' } });
    expect((await new ApiBrowser(app.baseUrl).json('GET', `/tracks/${MARAS_BEAT.productId}`)).status).toBe(404);
    const mail = (await readOutbox(app.deps.database, 50)).find((candidate) => candidate.to === 'mara@example.com');
    expect(mail?.subject).toBe('Your beat "Mara Loop" was taken down');
    expect(mail?.text).toContain("The moderator's reason: The hook uses an uncleared sample.");
    expect((await reported()).map((open) => open.productId)).toEqual([SHOP.beat.productId]);
    // Decided once; upholding again (a retry after a crash) only makes sure the beat is down, and mails nobody again.
    expect((await moderator.json<{ message: string }>('POST', `/moderation/reports/${first!.reportId}/dismiss`, {})).body.message).toBe('This report was upheld already');
    expect((await moderator.json('POST', `/moderation/reports/${first!.reportId}/uphold`, { note: 'Again.' })).status).toBe(200);
    expect((await readOutbox(app.deps.database, 50)).filter((candidate) => candidate.subject.includes('taken down'))).toHaveLength(1);
  });

  test('dismissed: the beat stays for sale; every decision is an event naming its moderator', async () => {
    const [open] = await reported();
    expect((await moderator.json('POST', `/moderation/reports/${open!.reportId}/dismiss`, {})).body).toEqual({ status: 'dismissed' });
    expect((await new ApiBrowser(app.baseUrl).json('GET', `/tracks/${SHOP.beat.productId}`)).status).toBe(200);
    expect(await reported()).toEqual([]);
    const events = await app.deps.eventStore.readAll({ types: ['TrackReportUpheld', 'TrackReportDismissed'], limit: 10 });
    expect(events.map((event) => [event.type, (event.data as { by: number }).by])).toEqual([
      ['TrackReportUpheld', moderatorId],
      ['TrackReportDismissed', moderatorId],
    ]);
  });

  test('an unknown report is 404, a malformed id 400', async () => {
    expect((await moderator.json('POST', '/moderation/reports/999999/dismiss', {})).status).toBe(404);
    expect((await moderator.json('POST', '/moderation/reports/x/dismiss', {})).status).toBe(400);
  });
});
