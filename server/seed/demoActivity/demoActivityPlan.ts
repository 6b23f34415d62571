import { DEMO_COUPONS } from '../demoCatalogue';
import { type DemoRandom, demoRandom } from './demoRandom';

/** A product of the demo shop as the plan sees it. */
export interface PlannedProduct {
  id: number;
  productType: string;
  producerId: number;
  /** A beat already sold (every beat sells once) can be viewed and played, not bought. */
  sold: boolean;
  hasPreview: boolean;
}

export interface DemoBuyer {
  /** 1, 2, …: names them (`Demo Buyer 07`, `demo.buyer07@example.com`). */
  number: number;
  registeredAt: number;
}

export type Landing = { page: 'home' } | { page: 'beats'; search: string } | { page: 'product'; productId: number };

export type DemoStep =
  | { kind: 'view'; productId: number }
  | { kind: 'play'; productId: number }
  | { kind: 'wishlist'; productId: number }
  | { kind: 'follow'; producerId: number }
  | { kind: 'add'; productId: number }
  | { kind: 'remove'; productId: number }
  /** The cart page, maybe a coupon typed (one of the shop's, or one that does not exist), then payment by card. */
  | { kind: 'checkout'; coupon: string | null };

/** One visit: a browser tab opened at `at`, by a demo buyer (logged in) or a guest. */
export interface DemoVisit {
  at: number;
  buyer: number | null;
  /** A guest's number: plays count per listener, so a returning guest is one listener. */
  guest: number | null;
  landing: Landing;
  steps: DemoStep[];
  phone: boolean;
}

/** A paid order refunded later: the checkout of `visit` (an index into `visits`). */
export interface DemoRefund {
  at: number;
  visit: number;
}

export interface DemoActivityPlan {
  buyers: DemoBuyer[];
  visits: DemoVisit[];
  refunds: DemoRefund[];
}

export const DEMO_MONTH_DAYS = 30;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const SEED = 20_261_127;
const BUYERS = 18;
/** Every beat sells once (SPEC §6): the demo month sells only these few, so the shop stays full of beats. */
const BEATS_SOLD = 3;
const REFUNDS = 3;
/** A code nobody issued: the cart refuses it (Coupon Denied). */
const UNKNOWN_COUPON = 'beatcrate5';
/** The beats the Chromium tests name or pick first stay unsold and unplayed by the plan. */
const FIRST_SPARED_BEATS = 16;
const BEAT_SEARCHES = ['', '', '', '?sort=price_asc', '?genre=1', '?genre=3', '?tags=dark', '?category=new'];

/**
 * How much attention each product gets: a few are popular, most are not (a Zipf-like tail over a
 * shuffled order), and sample packs and the EDM contacts list, which sell many times, draw more.
 */
function popularity(random: DemoRandom, products: readonly PlannedProduct[]): (readonly [PlannedProduct, number])[] {
  // Fisher–Yates: the same order wherever the plan runs (a sort by a random comparator depends on the engine's sort).
  const order = [...products];
  for (let index = order.length - 1; index > 0; index--) {
    const other = random.int(0, index);
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  return order.map((product, rank) => {
    const kind = product.productType === 'samplepack' ? 12 : product.productType === 'edmcontacts' ? 6 : 1;
    return [product, kind / (rank + 4)] as const;
  });
}

/**
 * The demo month (issue 13): who comes when, what they look at, play, keep, follow, put in the
 * cart and pay for, and which orders are refunded. Pure and seeded, so it is the same month on
 * every machine; the seed (seedDemoActivity.ts) plays it through the shop's real commands.
 */
export function planDemoActivity(products: readonly PlannedProduct[], until: Date): DemoActivityPlan {
  const random = demoRandom(SEED);
  const start = until.getTime() - DEMO_MONTH_DAYS * DAY_MS;
  const spared = (product: PlannedProduct) => product.productType === 'track' && product.id <= FIRST_SPARED_BEATS;
  const browsable = products.filter((product) => product.productType !== 'promembership' && !spared(product));
  const weighted = popularity(random, browsable);
  const buyable = (product: PlannedProduct) => !product.sold && product.productType !== 'track';
  const packs = weighted.filter(([product]) => buyable(product));
  const contacts = products.find((product) => product.productType === 'edmcontacts' && !product.sold);
  const beatsForSale = weighted.filter(([product]) => product.productType === 'track' && !product.sold);
  const couponOf = new Map(DEMO_COUPONS.map((coupon) => [coupon.producerId, coupon.code]));
  const producerOf = new Map(products.map((product) => [product.id, product.producerId]));

  const buyers: DemoBuyer[] = Array.from({ length: BUYERS }, (_, index) => ({
    number: index + 1,
    registeredAt: start + Math.floor(((index + 0.5) * (DEMO_MONTH_DAYS - 3) * DAY_MS) / BUYERS) + random.int(0, 6) * HOUR_MS,
  }));
  const carts = new Map<number, number[]>();
  let beatsLeft = BEATS_SOLD;
  const visits: DemoVisit[] = [];

  for (let day = 0; day < DEMO_MONTH_DAYS; day++) {
    const weekend = new Date(start + day * DAY_MS).getUTCDay() % 6 === 0;
    const count = 4 + Math.floor(day / 7) + (weekend ? 2 : 0) + random.int(0, 3);
    const times = Array.from({ length: count }, () => start + day * DAY_MS + random.int(0, DAY_MS - HOUR_MS)).sort((a, b) => a - b);
    for (const at of times) {
      if (at >= until.getTime() - HOUR_MS) continue;
      const registered = buyers.filter((buyer) => buyer.registeredAt < at);
      const buyer = registered.length > 0 && random.chance(0.55) ? random.pick(registered).number : null;
      const steps: DemoStep[] = [];
      const page = random.weighted<Landing['page']>([
        ['beats', 45],
        ['home', 25],
        ['product', 30],
      ]);
      const landing: Landing =
        page === 'beats' ? { page, search: random.pick(BEAT_SEARCHES) } : page === 'home' ? { page } : { page, productId: random.weighted(weighted).id };
      const viewed = landing.page === 'product' ? [landing.productId] : [];
      for (let more = random.int(landing.page === 'product' ? 0 : 1, 3); more > 0; more--) {
        const productId = random.weighted(weighted).id;
        if (!viewed.includes(productId)) viewed.push(productId);
      }
      for (const productId of viewed) {
        if (productId !== (landing.page === 'product' ? landing.productId : -1)) steps.push({ kind: 'view', productId });
        const product = products.find((one) => one.id === productId)!;
        if (product.hasPreview && random.chance(0.6)) steps.push({ kind: 'play', productId });
      }
      if (buyer !== null && random.chance(0.12)) {
        const beat = viewed.find((id) => products.find((one) => one.id === id)?.productType === 'track');
        if (beat !== undefined) steps.push({ kind: 'wishlist', productId: beat });
      }
      if (buyer !== null && random.chance(0.07)) steps.push({ kind: 'follow', producerId: producerOf.get(viewed[0] ?? 0) ?? 1 });

      const cart = buyer === null ? [] : (carts.get(buyer) ?? []);
      let buysBeat = false;
      if (buyer !== null && beatsLeft > 0 && day >= 5 && random.chance(0.03)) {
        const beat = random.weighted(beatsForSale);
        beatsForSale.splice(beatsForSale.findIndex(([product]) => product.id === beat.id), 1);
        steps.push({ kind: 'view', productId: beat.id }, { kind: 'play', productId: beat.id }, { kind: 'add', productId: beat.id });
        cart.push(beat.id);
        beatsLeft--;
        buysBeat = true;
      } else if (random.chance(buyer === null ? 0.3 : 0.45)) {
        const seen = viewed.filter((id) => buyable(products.find((one) => one.id === id)!));
        const productId = contacts && random.chance(0.12) ? contacts.id : (seen.find((id) => !cart.includes(id)) ?? random.weighted(packs).id);
        if (!cart.includes(productId)) {
          if (!viewed.includes(productId)) steps.push({ kind: 'view', productId });
          steps.push({ kind: 'add', productId });
          cart.push(productId);
        }
      }
      if (cart.length > 0 && !buysBeat && random.chance(0.15)) steps.push({ kind: 'remove', productId: cart.pop()! });
      if (buyer !== null && cart.length > 0 && (buysBeat || random.chance(0.6))) {
        const discounted = cart.map((id) => couponOf.get(producerOf.get(id) ?? 0)).find((code) => code !== undefined);
        const coupon = random.chance(0.3) ? (discounted ?? UNKNOWN_COUPON) : null;
        steps.push({ kind: 'checkout', coupon });
        cart.length = 0;
      }
      if (buyer !== null) carts.set(buyer, cart);
      visits.push({ at, buyer, guest: buyer === null ? random.int(1, 60) : null, landing, steps, phone: random.chance(0.4) });
    }
  }

  const refundable = visits.flatMap((visit, index) =>
    visit.steps.some((step) => step.kind === 'checkout') &&
    !visit.steps.some((step) => step.kind === 'add' && products.find((one) => one.id === step.productId)?.productType === 'track') &&
    visit.at + 3 * DAY_MS < until.getTime()
      ? [index]
      : [],
  );
  const refunds = Array.from({ length: Math.min(REFUNDS, refundable.length) }, (_, which) => {
    const visit = refundable[Math.floor(((which + 0.5) * refundable.length) / REFUNDS)]!;
    return { visit, at: visits[visit]!.at + random.int(1, 3) * DAY_MS - HOUR_MS };
  });
  return { buyers, visits, refunds };
}
