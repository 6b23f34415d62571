import { DEMO_COUPONS, demoListings, demoSamplePacks, demoStoreItems } from '../demoCatalogue';
import { DEMO_MONTH_DAYS, planDemoActivity, type PlannedProduct } from './demoActivityPlan';

const UNTIL = new Date('2026-11-27T09:00:00.000Z');
const DAY_MS = 86_400_000;

/** The demo catalogue as seeded: every 16th beat already sold, every product with a preview but the store's items. */
const PRODUCTS: PlannedProduct[] = [...demoListings(), ...demoSamplePacks(321), ...demoStoreItems(331)].map((listing, index) => ({
  id: listing.productId,
  productType: listing.productType,
  producerId: listing.producerId,
  sold: listing.productType === 'track' && index % 16 === 4,
  hasPreview: listing.productType === 'track' || listing.productType === 'samplepack',
}));

const plan = planDemoActivity(PRODUCTS, UNTIL);
const byId = new Map(PRODUCTS.map((product) => [product.id, product]));
const steps = plan.visits.flatMap((visit) => visit.steps);
const added = steps.flatMap((step) => (step.kind === 'add' ? [step] : []));

test('the same month on every run', () => {
  expect(planDemoActivity(PRODUCTS, UNTIL)).toEqual(plan);
});

test('every visit, registration and refund falls in the 30 days before the seed, in order', () => {
  const start = UNTIL.getTime() - DEMO_MONTH_DAYS * DAY_MS;
  const times = [...plan.buyers.map((buyer) => buyer.registeredAt), ...plan.visits.map((visit) => visit.at), ...plan.refunds.map((refund) => refund.at)];
  expect(times.every((at) => at >= start && at < UNTIL.getTime())).toBe(true);
  expect(plan.visits.map((visit) => visit.at)).toEqual([...plan.visits.map((visit) => visit.at)].sort((a, b) => a - b));
  expect(new Set(plan.visits.map((visit) => new Date(visit.at).toISOString().slice(0, 10))).size).toBeGreaterThanOrEqual(DEMO_MONTH_DAYS - 1);
  // A buyer visits only once registered.
  for (const visit of plan.visits) if (visit.buyer !== null) expect(plan.buyers[visit.buyer - 1]!.registeredAt).toBeLessThan(visit.at);
});

test('what sells is mostly what sells many times: a few beats at most, none sold before, none the tests name', () => {
  const beats = added.filter((step) => byId.get(step.productId)!.productType === 'track');
  expect(steps.filter((step) => step.kind === 'checkout').length).toBeGreaterThan(25);
  expect(beats.length).toBeLessThanOrEqual(3);
  expect(new Set(beats.map((step) => step.productId)).size).toBe(beats.length);
  expect(beats.every((step) => !byId.get(step.productId)!.sold && step.productId > 16)).toBe(true);
  expect(steps.some((step) => step.kind === 'play' && step.productId <= 16)).toBe(false);
  expect(added.every((step) => byId.get(step.productId)!.productType !== 'promembership')).toBe(true);
  // A beat in a cart is paid for in the same visit: it never waits in a cart while another buyer takes it.
  for (const visit of plan.visits) {
    const beat = visit.steps.findIndex((step) => step.kind === 'add' && byId.get(step.productId)!.productType === 'track');
    if (beat !== -1) expect(visit.steps.slice(beat).some((step) => step.kind === 'checkout')).toBe(true);
  }
});

test('plays, wishlists, follows, carts emptied, coupons of the shop and unknown ones, and three refunds', () => {
  const kinds = (kind: string) => steps.filter((step) => step.kind === kind).length;
  expect(kinds('play')).toBeGreaterThan(150);
  expect(kinds('wishlist')).toBeGreaterThan(5);
  expect(kinds('follow')).toBeGreaterThan(2);
  expect(kinds('remove')).toBeGreaterThan(3);
  const coupons = steps.flatMap((step) => (step.kind === 'checkout' && step.coupon !== null ? [step.coupon] : []));
  expect(coupons.some((code) => DEMO_COUPONS.some((coupon) => coupon.code === code))).toBe(true);
  expect(coupons.some((code) => !DEMO_COUPONS.some((coupon) => coupon.code === code))).toBe(true);
  expect(plan.refunds).toHaveLength(3);
  expect(plan.visits.filter((visit) => visit.buyer === null).length).toBeGreaterThan(50);
});
