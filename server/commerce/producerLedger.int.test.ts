import { assert } from 'superstruct';
import { type MyEarnings, MyEarningsSchema, type ProducerBalance, type Statement, type StatementDetail, StatementDetailSchema, StatementListSchema } from '../../shared/schemas/earnings';
import type { ApiBrowser } from '../../test/helpers/accountClient';
import { manualClock } from '../../test/helpers/accountClient';
import { verifiedProducer } from '../../test/helpers/beatUploads';
import { listProducts, listShop, SHOP } from '../../test/helpers/commerceFixtures';
import { moneyActors } from '../../test/helpers/moneyFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { refundPaidOrder } from './refundOrder';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('producer balances, payouts and statements add up to the orders', () => {
  const clock = manualClock(new Date('2026-11-21T10:00:00.000Z'));
  let app: TestApp;
  let admin: ApiBrowser;
  let mara: { browser: ApiBrowser; producerId: number };
  let otto: { browser: ApiBrowser; producerId: number };
  const actors = moneyActors(() => app, 'ledger');
  const ids = { maraBeat: 201, maraBeat2: 202, maraPack: 203, ottoBeat: 204 };

  const balances = async () => {
    const answer = await admin.json<{ producers: ProducerBalance[] }>('GET', '/admin/payouts');
    expect(answer).toMatchObject({ status: 200 });
    return answer.body.producers;
  };
  const balanceOf = async (producerId: number) => (await balances()).find((row) => row.producerId === producerId);
  const payout = (body: Record<string, unknown>) => admin.json<{ message: string; balance: ProducerBalance; payout: { payoutId: string; amountCents: number } }>('POST', '/admin/payouts', body);

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { SHOP_COMMISSION_PERCENTAGE: '20' } });
    await listShop(app.deps);
    admin = await actors.staff('admin');
    mara = await verifiedProducer(app.deps, app.baseUrl, 'Mara Vale');
    otto = await verifiedProducer(app.deps, app.baseUrl, 'Otto Keys');
    await listProducts(app.deps, [
      { ...SHOP.beat, productId: ids.maraBeat, producerId: mara.producerId, name: 'Harbour Lights', priceCents: 19_900 },
      { ...SHOP.beat2, productId: ids.maraBeat2, producerId: mara.producerId, name: 'Glass City', priceCents: 30_000 },
      { ...SHOP.pack, productId: ids.maraPack, producerId: mara.producerId, name: 'Tape Drums', priceCents: 25_000 },
      { ...SHOP.beat, productId: ids.ottoBeat, producerId: otto.producerId, name: 'Low Orbit', priceCents: 10_000 },
    ]);
    const coupon = await admin.json('POST', '/admin/coupons', { code: 'mara30', producerId: mara.producerId, percentage: 30, validFrom: '2026-11-01', validUntil: '2026-12-31', usageLimit: null });
    expect(coupon.status).toBe(201);
  });
  afterAll(() => app.close());

  test('sales, a coupon, a refund in the next month and a payout: the statements close on the balance', async () => {
    // November: a beat and a pack with Mara's 30% coupon; a second beat; Otto's beat.
    expect((await actors.buy(await actors.buyer(), [ids.maraBeat, ids.maraPack], 'mara30')).body.status).toBe('paid');
    const refunded = await actors.buy(await actors.buyer(), [ids.maraBeat2]);
    expect(refunded.body.status).toBe('paid');
    expect((await actors.buy(await actors.buyer(), [ids.ottoBeat])).body.status).toBe('paid');
    // Harbour Lights: 199.00 − 59.70 = 139.30, 20% = 27.86, net 111.44. Tape Drums: 250 − 75 = 175, 35.00, 140.00. Glass City: 300, 60, 240.
    expect(await balanceOf(mara.producerId)).toMatchObject({ earnedCents: 11_144 + 14_000 + 24_000, paidOutCents: 0, balanceCents: 49_144 });
    expect(await balanceOf(otto.producerId)).toMatchObject({ balanceCents: 8000 });

    // December: Glass City is refunded; the pack sells again with the sitewide december30 code.
    clock.advance(11 * DAY_MS);
    await refundPaidOrder(app.deps, refunded.body.id, 'The file was faulty.');
    clock.advance(60 * 60 * 1000);
    expect((await actors.buy(await actors.buyer(), [ids.maraPack], 'december30')).body.status).toBe('paid');
    expect((await balanceOf(mara.producerId))?.balanceCents).toBe(49_144 - 24_000 + 14_000);

    clock.advance(60 * 60 * 1000);
    // A payout above the balance is refused; the same submit twice pays once.
    const tooMuch = await payout({ payoutId: 'payout-mara-0001', producerId: mara.producerId, amountCents: 39_145, reference: 'Wire 1' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe('The payout of $391.45 is more than the balance of $391.44');
    const request = { payoutId: 'payout-mara-0002', producerId: mara.producerId, amountCents: 20_000, reference: 'Wire 2026-12-02' };
    const [first, second] = await Promise.all([payout(request), payout(request)]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.payout).toEqual(first.body.payout);
    expect(first.body.balance.balanceCents).toBe(19_144);
    expect(await balanceOf(mara.producerId)).toMatchObject({ earnedCents: 39_144, paidOutCents: 20_000, balanceCents: 19_144, lastPayoutAt: clock.now().toISOString() });
    const bad = await payout({ ...request, payoutId: 'short', amountCents: 0 });
    expect(bad.status).toBe(400);
    expect((await balanceOf(mara.producerId))?.paidOutCents).toBe(20_000);

    const answer = await admin.json<{ statements: Statement[] }>('GET', '/admin/statements');
    assert(answer.body, StatementListSchema);
    const maras = answer.body.statements.filter((statement) => statement.producerId === mara.producerId);
    expect(maras).toEqual([
      { producerId: mara.producerId, producerName: 'Mara Vale', month: '2026-12', openingCents: 49_144, salesCents: 17_500, refundsCents: 30_000, commissionCents: 3500 - 6000, netCents: -10_000, payoutsCents: 20_000, closingCents: 19_144 },
      { producerId: mara.producerId, producerName: 'Mara Vale', month: '2026-11', openingCents: 0, salesCents: 61_430, refundsCents: 0, commissionCents: 12_286, netCents: 49_144, payoutsCents: 0, closingCents: 49_144 },
    ]);
    for (const producer of [mara, otto]) {
      const theirs = answer.body.statements.filter((statement) => statement.producerId === producer.producerId);
      const total = theirs.reduce((sum, s) => sum + s.salesCents - s.commissionCents - s.refundsCents - s.payoutsCents, 0);
      expect(total).toBe((await balanceOf(producer.producerId))?.balanceCents);
    }

    // Every booked line splits its price exactly into coupon share, commission and net.
    const lines = await app.deps.database.query.selectFrom('producer_ledger').selectAll().where('kind', '!=', 'payout').execute();
    for (const line of lines) expect(line.discount_cents + line.commission_cents + line.net_cents).toBe(line.price_cents);
    const soldPrices = lines.filter((line) => line.kind === 'sale').reduce((sum, line) => sum + line.price_cents, 0);
    expect(soldPrices).toBe(19_900 + 25_000 + 30_000 + 10_000 + 25_000);

    const detail = await admin.json<StatementDetail>('GET', `/admin/statements/${mara.producerId}/months/2026-12`);
    assert(detail.body, StatementDetailSchema);
    expect(detail.body.entries.map((entry) => [entry.kind, entry.description, entry.netCents])).toEqual([
      ['refund', 'Glass City', -24_000],
      ['sale', 'Tape Drums', 14_000],
      ['payout', 'Wire 2026-12-02', -20_000],
    ]);
    expect((await admin.json('GET', `/admin/statements/${otto.producerId}/months/2026-12`)).status).toBe(404);
    expect((await admin.json('GET', `/admin/statements/${mara.producerId}/months/2026-13`)).status).toBe(400);
  });

  test('a producer reads only their own balance and statements', async () => {
    const own = await mara.browser.json<MyEarnings>('GET', '/producer/earnings');
    assert(own.body, MyEarningsSchema);
    expect(own.body.balanceCents).toBe(19_144);
    expect(own.body.statements.map((statement) => statement.month)).toEqual(['2026-12', '2026-11']);
    expect(own.body.statements.every((statement) => statement.producerId === mara.producerId)).toBe(true);
    const ottos = await otto.browser.json<MyEarnings>('GET', '/producer/earnings');
    expect(ottos.body).toMatchObject({ balanceCents: 8000 });
    expect(ottos.body.statements.map((statement) => statement.producerId)).toEqual([otto.producerId]);

    expect((await mara.browser.json('GET', '/producer/statements/2026-12')).status).toBe(200);
    // Otto has no December statement; Mara's is not his to read, by any address.
    expect((await otto.browser.json('GET', '/producer/statements/2026-12')).status).toBe(404);
    expect((await otto.browser.json('GET', `/admin/statements/${mara.producerId}/months/2026-12`)).status).toBe(404);
    expect((await otto.browser.json('GET', '/admin/payouts')).status).toBe(404);
    const client = await actors.buyer();
    for (const path of ['/admin/coupons', '/admin/payouts', '/admin/statements', '/producer/earnings']) expect((await client.json('GET', path)).status).toBe(404);
    const moderator = await actors.staff('moderator');
    for (const path of ['/admin/coupons', '/admin/payouts', '/admin/statements', '/producer/earnings']) expect((await moderator.json('GET', path)).status).toBe(404);
  });

  test('every answer to a submit repeated at once counts the payout, whoever recorded it', async () => {
    const start = (await balanceOf(otto.producerId))?.balanceCents ?? 0;
    for (let round = 1; round <= 12; round++) {
      const request = { payoutId: `payout-otto-${round}`, producerId: otto.producerId, amountCents: 100, reference: `Wire ${round}` };
      const answers = await Promise.all(Array.from({ length: 6 }, () => payout(request)));
      expect(answers.map((answer) => [answer.status, answer.body.balance.balanceCents])).toEqual(Array(6).fill([201, start - 100 * round]));
    }
  });
});
