import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assert } from 'superstruct';
import { type CustomOrderDetail, CustomOrderDetailSchema } from '../../shared/schemas/customOrders';
import { StatementDetailSchema } from '../../shared/schemas/earnings';
import { DashboardHomeSchema } from '../../shared/schemas/sites';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { verifiedProducer } from '../../test/helpers/beatUploads';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { wavBytes } from '../../test/helpers/wavBytes';
import { grantRole } from '../auth/staffRoles';
import { runCustomOrderWork } from './customOrderProcess';
import { asShownService } from '../../test/helpers/shownTotal';

const BRIEF = 'A dark trap beat at 140 BPM like my last single, with stems for mixing.';
const TERMS = { name: 'Beat edit', description: 'An edit of one of my beats to your song structure, with stems.', priceCents: 4_000, deliveryDays: 5 };

/**
 * A refund of the order that carries a custom order's money ends the custom order, whichever path
 * refunded it: declined and refunded, both parties told, the producer unable to go on, and the
 * producer's statement back to zero without their work.
 */
describe('a refunded custom order ends, from every path that refunds it', () => {
  const clock = manualClock(new Date('2026-11-21T10:00:00.000Z'));
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-custom-refunds-'));
  let app: TestApp;
  let seller: { browser: ApiBrowser; producerId: number };
  let buyer: ApiBrowser;
  let admin: ApiBrowser;
  let offerId: number;

  const detailAs = async (browser: ApiBrowser, call: string) => {
    const answer = await browser.json<CustomOrderDetail>('GET', call);
    assert(answer.body, CustomOrderDetailSchema);
    return answer.body;
  };
  const orderOffer = async (paymentMethodId = 'pm_card_visa') => {
    const answer = await buyer.json<CustomOrderDetail>('POST', '/custom-orders', await asShownService(buyer, { offerId, brief: BRIEF, paymentMethodId }));
    expect(answer.status).toBe(201);
    return answer.body;
  };
  const deliver = async (id: string) => {
    const form = new FormData();
    form.append('message', 'Your edit, stems inside.');
    form.append('files', new Blob([new Uint8Array(wavBytes(2_000))]), 'edit.wav');
    const response = await fetch(`${app.baseUrl}/api/v1/studio/custom-orders/${id}/delivery`, { method: 'POST', headers: { Cookie: seller.browser.cookieHeader() }, body: form });
    return { status: response.status, body: (await response.json()) as CustomOrderDetail & { message: string } };
  };
  const mails = async (to: string, id: string) =>
    (await app.deps.database.query.selectFrom('mail_outbox').select(['subject', 'text']).where('to_address', '=', to).execute())
      .filter((mail) => mail.text.includes(id))
      .map((mail) => mail.subject);
  /** This order's lines in the producer's statement of the month, and the month's net. */
  const statementOf = async (id: string) => {
    const answer = await seller.browser.json('GET', '/producer/statements/2026-11');
    assert(answer.body, StatementDetailSchema);
    const entries = answer.body.entries.filter((entry) => entry.orderId === id).map((entry) => [entry.kind, entry.netCents]);
    return { entries, net: answer.body.entries.filter((entry) => entry.orderId === id).reduce((sum, entry) => sum + entry.netCents, 0) };
  };
  const refundByAdmin = async (id: string) => expect((await admin.json('POST', `/admin/orders/${id}/refund`)).status).toBe(200);

  /** Ended: declined and refunded for both sides, nothing left to do, the producer stopped, the money back once, the statement at zero. */
  const expectEnded = async (id: string) => {
    const seen = await detailAs(buyer, `/custom-orders/${id}`);
    expect(seen).toMatchObject({ state: 'declined', refunded: true, actions: [] });
    expect(await detailAs(seller.browser, `/studio/custom-orders/${id}`)).toMatchObject({ state: 'declined', refunded: true, actions: [] });
    expect(await seller.browser.json('POST', `/studio/custom-orders/${id}/accept`)).toMatchObject({ status: 409, body: { message: 'This order cannot be accepted now: it is declined' } });
    expect(await deliver(id)).toMatchObject({ status: 409, body: { message: 'This order cannot be delivered now: it is declined' } });
    const home = await seller.browser.json('GET', '/dashboard/home');
    assert(home.body, DashboardHomeSchema);
    expect(home.body.openCustomOrders.map((row) => row.id)).not.toContain(id);
    const payments = await app.deps.payments.sandbox!.forOrder(id);
    expect(payments.map((payment) => [payment.amountCents, payment.charges, payment.refunds])).toEqual([[4_000, 1, 1]]);
    expect((await statementOf(id)).net).toBe(0);
    return seen;
  };

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { MEDIA_DIR: mediaDir } });
    seller = await verifiedProducer(app.deps, app.baseUrl, 'Lena Hart');
    buyer = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': '10.89.0.1' });
    expect((await buyer.json('POST', '/auth/register', registration({ email: 'buyer@example.com' }))).status).toBe(201);
    admin = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': '10.89.0.2' });
    expect((await admin.json('POST', '/auth/register', registration({ email: 'admin@example.com' }))).status).toBe(201);
    await grantRole(app.deps, 'admin@example.com', 'admin');
    expect((await admin.json('POST', '/auth/login', { email: 'admin@example.com', password: registration().password })).status).toBe(200);
    const published = await seller.browser.json<{ id: number }>('POST', '/studio/offers', TERMS);
    expect(published.status).toBe(201);
    offerId = published.body.id;
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  test("an admin's refund of a waiting order ends it; buyer and producer are told; the producer cannot accept or deliver it", async () => {
    const { id } = await orderOffer();
    expect((await detailAs(seller.browser, `/studio/custom-orders/${id}`)).state).toBe('waiting');
    await refundByAdmin(id);
    const ended = await expectEnded(id);
    expect(ended.thread.at(-1)).toMatchObject({ kind: 'refunded', text: 'Refunded by the shop' });
    expect(await mails('buyer@example.com', id)).toContain('Your custom order Beat edit was cancelled and refunded');
    expect(await mails('lenahart@example.com', id)).toContain('Custom order cancelled: Beat edit');
    // Booked at the sale (the price less the shop's 20%), taken back by the refund.
    expect((await statementOf(id)).entries).toHaveLength(2);
    expect((await statementOf(id)).entries).toEqual(expect.arrayContaining([
      ['sale', 3_200],
      ['refund', -3_200],
    ]));
  });

  test("an admin's refund after the producer accepted and delivered: the order ends, the buyer can neither complete it nor download the work", async () => {
    const { id } = await orderOffer();
    expect((await seller.browser.json('POST', `/studio/custom-orders/${id}/accept`)).status).toBe(200);
    const delivered = await deliver(id);
    expect(delivered.status).toBe(201);
    const fileUrl = (await detailAs(buyer, `/custom-orders/${id}`)).files[0]!.url.replace('/api/v1', '');
    expect((await buyer.call('GET', fileUrl)).status).toBe(200);

    await refundByAdmin(id);
    await expectEnded(id);
    expect(await buyer.json('POST', `/custom-orders/${id}/accept-delivery`)).toMatchObject({ status: 409, body: { message: 'This order cannot be completed now: it is declined' } });
    expect(await buyer.json('GET', fileUrl)).toMatchObject({ status: 410, body: { message: 'This custom order was refunded, so its files are no longer yours to download' } });
    expect(await mails('lenahart@example.com', id)).toContain('Custom order cancelled: Beat edit');
  });

  test('refunded before the custom order heard of its payment (a 3-D Secure payment completed on its page): it never waits for the producer', async () => {
    const waiting = await orderOffer('pm_card_threeDSecure2Required');
    expect(waiting.state).toBe('awaiting_payment');
    const approved = await fetch(`${app.baseUrl}${waiting.nextActionUrl!}/approve`, { method: 'POST', redirect: 'manual' });
    expect(approved.status).toBe(303);
    // The admin refunds the paid order before the custom orders' job has run.
    await refundByAdmin(waiting.id);
    await runCustomOrderWork(app.deps);
    await expectEnded(waiting.id);
    expect(await mails('lenahart@example.com', waiting.id)).not.toContain('New custom order: Beat edit');
    expect(await mails('buyer@example.com', waiting.id)).toContain('Your custom order Beat edit was cancelled and refunded');
  });

  test("the producer's own decline: refunded once through the same rule, the buyer told, the statement at zero", async () => {
    const { id } = await orderOffer();
    expect((await seller.browser.json('POST', `/studio/custom-orders/${id}/decline`, { reason: 'Fully booked until January, sorry.' })).status).toBe(200);
    await runCustomOrderWork(app.deps);
    const ended = await expectEnded(id);
    expect(ended.thread.at(-1)).toMatchObject({ kind: 'declined', text: 'Fully booked until January, sorry.' });
    expect(await mails('buyer@example.com', id)).toEqual(expect.arrayContaining(['Your custom order Beat edit was declined', 'Your custom order Beat edit was refunded']));
    // A refund pressed afterwards finds it refunded: nothing more moves.
    await refundByAdmin(id);
    await expectEnded(id);
  });
});
