import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assert } from 'superstruct';
import { parseSessionFile } from '../../shared/actionLog/sessionFile';
import { type SupportSessionDetail, SupportSessionDetailSchema } from '../../shared/schemas/support';
import { RecordedTab } from '../../test/actionLog/recordedTab';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { listShop, SHOP, writeShopMedia } from '../../test/helpers/commerceFixtures';
import { asShown, asShownService } from '../../test/helpers/shownTotal';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { grantRole } from '../auth/staffRoles';

const PASSWORD = registration().password;

describe('a moderator replaying an admin\'s session sees only the pages a moderator may open', () => {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-support-roles-'));
  let app: TestApp;
  let admin: ApiBrowser;
  let moderator: ApiBrowser;
  let sessionId: string;
  const seqs: Record<'producers' | 'payouts' | 'customOrder' | 'beats' | 'pending', number> = { producers: 0, payouts: 0, customOrder: 0, beats: 0, pending: 0 };
  let addresses = 0;
  const browser = () => new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.63.0.${++addresses}` });
  const staff = async (email: string, role: 'admin' | 'moderator') => {
    const member = browser();
    expect((await member.json('POST', '/auth/register', registration({ email }))).status).toBe(201);
    await grantRole(app.deps, email, role);
    expect((await member.json('POST', '/auth/login', { email, password: PASSWORD })).status).toBe(200);
    return member;
  };
  const open = async (member: ApiBrowser) => {
    const answer = await member.json<SupportSessionDetail>('GET', `/support/sessions/${sessionId}`);
    expect(answer.status).toBe(200);
    assert(answer.body, SupportSessionDetailSchema);
    return answer.body;
  };
  const frame = async (member: ApiBrowser, seq: number) => {
    const response = await member.call('GET', `/support/sessions/${sessionId}/frame?at=${seq}`);
    expect(response.status).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    writeShopMedia(mediaDir);
    app = await startTestApp({ env: { MEDIA_DIR: mediaDir } });
    await listShop(app.deps);
    admin = await staff('admin@support-roles.example', 'admin');
    moderator = await staff('moderator@support-roles.example', 'moderator');
    // A buyer's paid order gives a producer a balance; a custom order gives the admin one to read.
    const buyer = browser();
    expect((await buyer.json('POST', '/auth/register', registration({ email: 'buyer@support-roles.example' }))).status).toBe(201);
    expect((await buyer.json('POST', '/ecommerce/cart', { product: SHOP.pack.productId, includeProjectFile: false })).status).toBe(200);
    expect((await buyer.json('POST', '/ecommerce/orders/stripe', await asShown(buyer, { stripePaymentMethodId: 'pm_card_visa', coupon: null }))).status).toBe(201);
    const order = await buyer.json<{ id: string }>('POST', '/custom-orders', await asShownService(buyer, { serviceId: 2, brief: 'Master my single for streaming, loud and clean please.', paymentMethodId: 'pm_card_visa' }));
    expect(order.status).toBe(201);
    await app.deps.projector.catchUp();

    // The admin's tab: a page a moderator may open, Payouts and a custom order (which they may not), the shop, Pending producers.
    const tab = await RecordedTab.open(admin, '/admin/producers');
    seqs.producers = tab.recorder.lastSeq();
    await tab.go('/admin/payouts');
    seqs.payouts = tab.recorder.lastSeq();
    expect(tab.state.money.balances?.some((row) => row.balanceCents > 0)).toBe(true);
    await tab.go(`/admin/custom-orders/${order.body.id}`);
    seqs.customOrder = tab.recorder.lastSeq();
    await tab.go('/beats');
    // Arriving is still a step of the page left; the next one is the shop's alone.
    seqs.beats = tab.recorder.lastSeq() + 1;
    await tab.go('/admin/producers/pending');
    seqs.pending = tab.recorder.lastSeq();
    await tab.close();
    sessionId = tab.recorder.sessionId;
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  test('the timeline names the hidden pages but shows nothing of them; the admin sees every step', async () => {
    // What the console shows a moderator must be what the API shows them: Payouts does not exist for them.
    expect((await moderator.call('GET', '/admin/payouts')).status).toBe(404);
    const seen = await open(moderator);
    const hidden = seen.steps.filter((step) => step.label.startsWith('Not visible to your role'));
    expect(hidden.map((step) => step.label)).toEqual(expect.arrayContaining(['Not visible to your role: Payouts', 'Not visible to your role: Custom order']));
    expect(hidden.every((step) => step.changes.length === 0 && step.error === null && step.input === null && step.label === `Not visible to your role: ${step.notVisible}`)).toBe(true);
    const text = JSON.stringify(seen.steps);
    for (const adminOnly of ['balanceCents', 'serviceName', 'Master my single']) expect(text).not.toContain(adminOnly);
    // The pages a moderator may open stay whole: the producers' list, the shop, Pending producers.
    for (const seq of [seqs.producers, seqs.beats, seqs.pending]) expect(seen.steps.find((step) => step.seq === seq)?.label).not.toMatch(/Not visible/);

    const all = await open(admin);
    expect(all.steps.some((step) => step.label.startsWith('Not visible'))).toBe(false);
    expect(JSON.stringify(all.steps)).toContain('balanceCents');
    expect(all.steps.map((step) => step.seq)).toEqual(seen.steps.map((step) => step.seq));
  });

  test('the frame shows "not visible to your role" for those steps, never their state; the step view is refused with the page named', async () => {
    for (const [seq, title] of [
      [seqs.payouts, 'Payouts'],
      [seqs.customOrder, 'Custom order'],
    ] as const) {
      const page = await frame(moderator, seq);
      expect(page).toContain(`<h1>${title}</h1>`);
      expect(page).toContain('Not visible to your role');
      expect(page).not.toMatch(/Lowtide|\$200|Mastering|Mark payout sent/);
      const step = await moderator.json('GET', `/support/sessions/${sessionId}/steps/${seq}`);
      expect(step).toEqual({ status: 403, body: expect.objectContaining({ message: `Step ${seq} is on ${title}, a page your role may not open: not visible to your role` }) });
    }
    expect(await frame(admin, seqs.payouts)).toMatch(/Lowtide/);
    expect(await frame(moderator, seqs.pending)).toContain('Pending producers');
    expect(await frame(moderator, seqs.beats)).not.toContain('Not visible to your role');
    expect((await moderator.call('GET', `/support/sessions/${sessionId}/steps/${seqs.beats}`)).status).toBe(200);
  });

  test('a moderator\'s export leaves out the entries of pages they may not open; an admin\'s holds them all', async () => {
    const exported = async (member: ApiBrowser) => parseSessionFile(await (await member.call('GET', `/support/sessions/${sessionId}/export`)).text());
    const theirs = await exported(moderator);
    const whole = await exported(admin);
    expect(whole.entries.map((entry) => entry.seq)).toEqual(expect.arrayContaining([seqs.payouts, seqs.customOrder]));
    expect(theirs.entries.map((entry) => entry.seq)).not.toContain(seqs.payouts);
    expect(theirs.entries.map((entry) => entry.type)).not.toContain('money/balancesLoaded');
    expect(JSON.stringify(theirs.entries)).not.toMatch(/balanceCents|serviceName/);
    expect(theirs.entries.map((entry) => entry.seq)).toEqual(expect.arrayContaining([seqs.producers, seqs.beats, seqs.pending]));
  });
});
