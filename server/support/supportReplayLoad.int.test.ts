import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assert } from 'superstruct';
import { CHECKPOINT, CHECKPOINT_EVERY } from '../../shared/actionLog/checkpoint';
import { ACTION_LOG_LIMITS, type ActionLogEntry } from '../../shared/actionLog/entry';
import { parseSessionFile } from '../../shared/actionLog/sessionFile';
import { SupportSessionDetailSchema } from '../../shared/schemas/support';
import { issuedTicket } from '../../test/actionLog/issuedTicket';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { listShop, SHOP, writeShopMedia } from '../../test/helpers/commerceFixtures';
import { asShown } from '../../test/helpers/shownTotal';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { grantRole } from '../auth/staffRoles';

const FIXTURE = parseSessionFile(fs.readFileSync(path.join(__dirname, '../../test/fixtures/actionLog/buyer-session.jsonl'), 'utf8'));
const PASSWORD = registration().password;
const ENTRIES = 10_000;

/**
 * The log that costs most to read of those the caps let in: a page load whose state is as large
 * as a page load may carry, padded with many short strings (each one redacted and hashed), then
 * actions that change the state each time, with as many checkpoints as the allowance lets in, each
 * of which hashes the whole state, up to the entries a log may hold.
 */
function costliestLog(): ActionLogEntry[] {
  const start = FIXTURE.entries[0]!;
  const { state, viewport } = start.payload as { state: Record<string, unknown>; viewport: unknown };
  const padding: string[] = [];
  const payload = { state: { ...state, pages: { ...(state.pages as object), padding } }, viewport };
  for (let chars = JSON.stringify(payload).length; chars < ACTION_LOG_LIMITS.maxPageLoadChars - 20; chars += JSON.stringify(padding.at(-1)).length + 1) padding.push(`line ${padding.length}`);
  const entries: ActionLogEntry[] = [{ ...start, seq: 1, payload }];
  while (entries.length < ENTRIES) {
    const seq = entries.length + 1;
    const checkpoint = seq % (CHECKPOINT_EVERY + 1) === 1;
    entries.push(checkpoint ? { seq, at: start.at, type: CHECKPOINT, payload: { hash: 'aaaaaaaaaaaaaa' } } : { seq, at: start.at, type: 'cart/couponInputChanged', payload: `code ${seq}` });
  }
  return entries;
}

describe('reading the costliest log a guest can store', () => {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-replay-load-'));
  let app: TestApp;
  let moderator: ApiBrowser;
  let buyer: ApiBrowser;
  let sessionId: string;

  beforeAll(async () => {
    writeShopMedia(mediaDir);
    // One address sends the whole log within a minute here; the per-log caps are the defaults.
    app = await startTestApp({ env: { MEDIA_DIR: mediaDir, ACTION_LOG_ENTRIES_PER_MINUTE: String(2 * ENTRIES) } });
    await listShop(app.deps);
    moderator = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': '10.93.0.1' });
    expect((await moderator.json('POST', '/auth/register', registration({ email: 'moderator@example.com' }))).status).toBe(201);
    await grantRole(app.deps, 'moderator@example.com', 'moderator');
    expect((await moderator.json('POST', '/auth/login', { email: 'moderator@example.com', password: PASSWORD })).status).toBe(200);
    buyer = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': '10.93.0.2' });
    expect((await buyer.json('POST', '/auth/register', registration({ email: 'buyer@example.com' }))).status).toBe(201);
    expect((await buyer.call('POST', '/ecommerce/cart', { product: SHOP.pack.productId, includeProjectFile: false })).status).toBe(200);

    // A guest's tab ships it through the ingest endpoint, as a browser does.
    const ticket = await issuedTicket(app.baseUrl);
    const log = costliestLog();
    for (const entries of [log.slice(0, 1), ...Array.from({ length: Math.ceil((log.length - 1) / 500) }, (_, i) => log.slice(1 + i * 500, 1 + (i + 1) * 500))]) {
      const response = await fetch(`${app.baseUrl}/api/v1/action-log`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.93.0.3' },
        body: JSON.stringify({ ...ticket, entries }),
      });
      expect(response.status).toBe(201);
    }
    sessionId = ticket.sessionId;
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  test('while a moderator opens it, the health check and a checkout are answered; then the session opens', async () => {
    let opened = false;
    const opening = moderator.json('GET', `/support/sessions/${sessionId}`).then((answer) => {
      opened = true;
      return answer;
    });
    const health = await fetch(`${app.baseUrl}/api/v1/health`);
    expect(health.status).toBe(200);
    const order = await buyer.call('POST', '/ecommerce/orders/stripe', await asShown(buyer, { stripePaymentMethodId: 'pm_card_visa', coupon: null }));
    expect(order.status).toBe(201);
    expect(((await order.json()) as { status: string }).status).toBe('paid');
    expect((await fetch(`${app.baseUrl}/api/v1/health`)).status).toBe(200);
    // All of them while the moderator's request was still in flight: the replay held no one up.
    expect(opened).toBe(false);

    const { status, body } = await opening;
    expect(status).toBe(200);
    assert(body, SupportSessionDetailSchema);
    expect(body.steps.length).toBeGreaterThan(0);
    // However far it got, it says so when it did not get to the end.
    if (body.stopped) expect(body.stopped.after).toBe(body.steps.at(-1)!.seq);
    else expect(body.steps).toHaveLength(ENTRIES);
  });
});
