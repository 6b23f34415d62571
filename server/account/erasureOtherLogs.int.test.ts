import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SESSION_STARTED } from '../../shared/actionLog/entry';
import { replaySession } from '../../shared/actionLog/replay';
import { PRELOADED_STATE_ID } from '../../shared/domain/constants';
import type { CustomOrderDetail } from '../../shared/schemas/customOrders';
import { RecordedTab } from '../../test/actionLog/recordedTab';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { rewriteActionLogRows } from '../../test/helpers/actionLogRows';
import { listProducts, listShop, writeShopMedia } from '../../test/helpers/commerceFixtures';
import { findNeedles, tableNames } from '../../test/helpers/databaseScan';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { readActionLog } from '../actionLog/actionLogStore';
import { grantRole } from '../auth/staffRoles';
import { demoListings } from '../seed/demoCatalogue';
import { asShownService } from '../../test/helpers/shownTotal';

const PASSWORD = registration().password;

describe('an erased account leaves the action logs of the accounts whose pages showed it', () => {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-erasure-logs-'));
  let app: TestApp;
  let admin: ApiBrowser;
  let moderator: ApiBrowser;
  let addresses = 0;
  let planted = 0;
  const browser = () => new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.62.0.${++addresses}` });
  const member = async (fields: Record<string, unknown>) => {
    const person = browser();
    expect((await person.json('POST', '/auth/register', registration(fields))).status).toBe(201);
    const { id } = (await person.json<{ id: number }>('GET', '/auth/checkhealth')).body;
    return { browser: person, id };
  };
  const staff = async (email: string, role: 'admin' | 'moderator') => {
    const { browser: person } = await member({ email });
    await grantRole(app.deps, email, role);
    expect((await person.json('POST', '/auth/login', { email, password: PASSWORD })).status).toBe(200);
    return person;
  };
  const verifiedProducer = async (fields: { firstName: string; lastName: string; email: string; artistName: string; shortName: string }) => {
    const { firstName, lastName, email, artistName, shortName } = fields;
    const producer = await member({ firstName, lastName, email, selectedRole: 'producer', socialNetwork: `facebook.com/${shortName}` });
    const verification = { artistName, shortName, legalName: `${firstName} ${lastName}`, dateOfBirth: '1990-05-01', address: 'Torstraße 1, 10119 Berlin', country: 'Germany' };
    expect((await producer.browser.json('POST', '/producer/verification', verification)).status).toBe(201);
    const { producerId } = (await moderator.json<{ producerId: number }>('POST', `/moderation/producers/${producer.id}/approve`)).body;
    return { ...producer, producerId };
  };
  /**
   * A log as the build before this one recorded a page: its page load's state as the server
   * rendered it, with nothing redacted but key names (a buyer's name, a brief and a thread in clear).
   */
  const logRecordedBefore = async (owner: { browser: ApiBrowser; id: number }, url: string) => {
    const html = await (await fetch(`${app.baseUrl}${url}`, { headers: { Cookie: owner.browser.cookieHeader() } })).text();
    const state = JSON.parse(new RegExp(`<script type="application/json" id="${PRELOADED_STATE_ID}">([^<]*)</script>`).exec(html)![1]!) as unknown;
    const id = `recorded-before-${++planted}`;
    const at = Date.now();
    await rewriteActionLogRows(app.deps.database, async (db) => {
      await db.insertInto('action_log_sessions').values({ id, user_id: owner.id, started_at: at, last_seen_at: at, entry_count: 1, viewport_width: 1280 }).execute();
      const payload = JSON.stringify({ state, viewport: { width: 1280, height: 800 } });
      await db.insertInto('action_log_entries').values({ session_id: id, seq: 1, at: new Date(at).toISOString(), type: SESSION_STARTED, payload }).execute();
    });
    return id;
  };
  const frame = async (sessionId: string, seq: number) => {
    const response = await admin.call('GET', `/support/sessions/${sessionId}/frame?at=${seq}`);
    expect(response.status).toBe(200);
    return response.text();
  };
  const timeline = async (sessionId: string) => {
    const answer = await admin.json('GET', `/support/sessions/${sessionId}`);
    expect(answer.status).toBe(200);
    return JSON.stringify(answer.body);
  };
  const logTablesHolding = async (needles: readonly string[]) => {
    const kind = app.deps.database.kind;
    const tables = (await tableNames(app.deps.actionLogs.query, kind)).filter((table) => /^(action_log|support_imported)/.test(table));
    return findNeedles(app.deps.actionLogs.query, tables, needles);
  };

  beforeAll(async () => {
    writeShopMedia(mediaDir);
    app = await startTestApp({ env: { MEDIA_DIR: mediaDir } });
    await listShop(app.deps);
    admin = await staff('admin@erasure-logs.example', 'admin');
    moderator = await staff('moderator@erasure-logs.example', 'moderator');
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  test('a buyer\'s name, brief and thread leave the producer\'s and the admin\'s logs, recorded before redaction knew those fields', async () => {
    const seller = await verifiedProducer({ firstName: 'Perpetua', lastName: 'Sellerworth', email: 'perpetua@erasure-logs.example', artistName: 'Lantern Static', shortName: 'lanternstatic' });
    const offer = (await seller.browser.json<{ id: number }>('POST', '/studio/offers', { name: 'Beat to your lyric', description: 'A beat made to your lyric, with stems and a mix.', priceCents: 9_000, deliveryDays: 7 })).body;
    const buyer = await member({ firstName: 'Wilhelmina', lastName: 'Brackenfold', email: 'wilhelmina@erasure-logs.example' });
    const brief = 'A slow beat for my poem about the heronwick marshes, please.';
    const ordered = await buyer.browser.json<CustomOrderDetail>('POST', '/custom-orders', await asShownService(buyer.browser, { offerId: offer.id, brief, paymentMethodId: 'pm_card_visa' }));
    expect(ordered.status).toBe(201);
    expect((await buyer.browser.json('POST', `/custom-orders/${ordered.body.id}/messages`, { text: 'The heronwick poem is attached.' })).status).toBeLessThan(300);
    // Another buyer, whose own log must come through untouched.
    const other = await member({ firstName: 'Ottoline', lastName: 'Unrelatedby', email: 'ottoline@erasure-logs.example' });

    const sellerLog = await logRecordedBefore(seller, `/dashboard/custom-services/${ordered.body.id}`);
    const adminId = (await admin.json<{ id: number }>('GET', '/auth/checkhealth')).body.id;
    const adminLog = await logRecordedBefore({ browser: admin, id: adminId }, `/admin/custom-orders/${ordered.body.id}`);
    const otherLog = await logRecordedBefore(other, '/dashboard/account/profile');
    const otherBefore = await readActionLog(app.deps.actionLogs.query, otherLog);
    for (const log of [sellerLog, adminLog]) {
      const page = await frame(log, 1);
      expect(page).toContain('Wilhelmina Brackenfold');
      expect(page).toContain('heronwick marshes');
    }

    expect((await buyer.browser.json('POST', '/account/delete', { currentPassword: PASSWORD })).status).toBe(200);

    for (const log of [sellerLog, adminLog]) {
      const page = await frame(log, 1);
      expect(page).not.toMatch(/Wilhelmina|Brackenfold|heronwick/);
      // The page is still the order's: its service and price are shown.
      expect(page).toContain('Beat to your lyric');
      expect(await timeline(log)).not.toMatch(/Wilhelmina|Brackenfold|heronwick/);
    }
    expect(await logTablesHolding(['wilhelmina', 'brackenfold', 'heronwick'])).toEqual([]);
    // The seller and the other buyer keep their own names in their own logs.
    expect(JSON.stringify(await readActionLog(app.deps.actionLogs.query, sellerLog))).toContain('Perpetua');
    expect(await readActionLog(app.deps.actionLogs.query, otherLog)).toEqual(otherBefore);
  });

  test('a producer\'s artist name and page address leave the logs of buyers who browsed their beats, which still replay to their checkpoints', async () => {
    const producer = await verifiedProducer({ firstName: 'Quintus', lastName: 'Vesperling', email: 'quintus@erasure-logs.example', artistName: 'Quarrel Vesper', shortName: 'quarrelvesper' });
    const [beat] = demoListings(1).map((listing) => ({ ...listing, productId: 901, producerId: producer.producerId, name: 'Harbour Lights' }));
    await listProducts(app.deps, [beat!]);
    const shopper = await member({ firstName: 'Cordelia', lastName: 'Shopwell', email: 'cordelia@erasure-logs.example' });
    const tab = await RecordedTab.open(shopper.browser, '/');
    await tab.go('/quarrelvesper');
    const onProducerPage = tab.recorder.lastSeq();
    await tab.go(`/product/${beat!.productId}`);
    await tab.go('/beats');
    await tab.close();
    const recorded = await readActionLog(app.deps.actionLogs.query, tab.recorder.sessionId);
    expect(JSON.stringify(recorded)).toContain('Quarrel Vesper');
    expect(await frame(tab.recorder.sessionId, onProducerPage)).toContain('Quarrel Vesper');

    expect((await producer.browser.json('POST', '/account/delete', { currentPassword: PASSWORD })).status).toBe(200);

    const scrubbed = await readActionLog(app.deps.actionLogs.query, tab.recorder.sessionId);
    expect(JSON.stringify(scrubbed)).not.toMatch(/quarrel ?vesper|Quintus|Vesperling/i);
    expect(await frame(tab.recorder.sessionId, onProducerPage)).not.toMatch(/Quarrel Vesper/i);
    // The beat's own name and the shopper's pages stay.
    expect(JSON.stringify(scrubbed)).toContain('Harbour Lights');
    expect(scrubbed.map((entry) => [entry.seq, entry.type])).toEqual(recorded.map((entry) => [entry.seq, entry.type]));
    const replayed = replaySession(scrubbed);
    expect(replayed.checkpoints.length).toBeGreaterThan(0);
    expect(replayed.divergedAt).toBeNull();
  });
});
