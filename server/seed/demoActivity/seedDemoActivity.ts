import { createHash, randomBytes } from 'node:crypto';
import type { UnknownAction } from '@reduxjs/toolkit';
import { assert, type Struct } from 'superstruct';
import type { ApiClient } from '../../../shared/api/apiClient';
import { HOME_TRACKS_PER_CATEGORY } from '../../../shared/domain/constants';
import { toCents } from '../../../shared/domain/money';
import { parseBeatsQuery, writeBeatsQuery } from '../../../shared/domain/catalogue/beatsQuery';
import { cartAddRequested, cartAddSucceeded, cartItemDropped, cartLoaded, cartRemoveRequested, cartRowDropped, couponApplied, couponInputChanged } from '../../../shared/features/cart/cartSlice';
import { beatsPageLoaded, genresLoaded, HOME_CATEGORIES, homeTracksLoaded, moodsLoaded } from '../../../shared/features/catalogue/catalogueSlice';
import { cardPaymentSubmitted, checkoutRequested, orderSucceeded, paymentFormOpened } from '../../../shared/features/checkout/checkoutSlice';
import { navigationArrived, navigationRequested } from '../../../shared/features/navigation/navigationSlice';
import { errorToastShown } from '../../../shared/features/notifications/notificationsSlice';
import { productPageLoaded } from '../../../shared/features/product/productSlice';
import type { User } from '../../../shared/schemas/auth';
import type { Cart } from '../../../shared/schemas/cart';
import { GenreListSchema, MoodListSchema, ProductSchema, TrackListSchema } from '../../../shared/schemas/track';
import { ADMIN_REFUND_REASON } from '../../admin/adminRefund';
import type { AppDeps, Clock } from '../../appDeps';
import { register } from '../../auth/registration';
import { runCartCommand } from '../../commerce/cartCommands';
import { cartOwnerForWrite, GUEST_CART_COOKIE, readCart } from '../../commerce/cartOwner';
import { priceCartLines } from '../../commerce/cartView';
import { checkout } from '../../commerce/checkout';
import { OrderMailSender } from '../../commerce/orderMailQueue';
import { orderAnswer } from '../../commerce/orders';
import { sendRefundMailIfDue } from '../../commerce/refundMailQueue';
import { refundPaidOrder } from '../../commerce/refundOrder';
import { userCartStreamId } from '../../domain/cart/cartEvents';
import { handleCommand } from '../../domain/commandHandler';
import { followDecider } from '../../domain/producer/followDecider';
import { followsStreamId } from '../../domain/producer/producerEvents';
import { trackPlayDecider } from '../../domain/trackPlay/trackPlayDecider';
import { trackPlaysStreamId } from '../../domain/trackPlay/trackPlayEvents';
import { wishlistDecider, wishlistStreamId } from '../../domain/wishlist/wishlistDecider';
import { createEventStore } from '../../eventStore/createEventStore';
import { API_ENDPOINTS } from '../../http/apiEndpoints';
import { createInProcessApi } from '../../http/inProcessApi';
import type { Mailer } from '../../mail/mailer';
import { DEMO_MONTH_DAYS, type DemoStep, type DemoVisit, type Landing, planDemoActivity, type PlannedProduct } from './demoActivityPlan';
import { demoRandom } from './demoRandom';
import { DemoTab } from './demoTab';

/** The sandbox's test card that always pays (server/payments/). */
const DEMO_CARD = 'pm_card_visa';
const COUNTRIES = ['Germany', 'United States', 'Brazil', 'Nigeria', 'Japan', 'France'];
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * The demo accounts' mails are not sent: they would fill the outbox (or, with SMTP_URL set, go to
 * example.com, which takes no mail) with confirmations and receipts nobody reads.
 */
const UNSENT: Mailer = { send: async () => undefined, close: () => undefined };

export interface DemoActivitySummary {
  buyers: number;
  visits: number;
  plays: number;
  orders: number;
  refunds: number;
}

const demoName = (number: number) => String(number).padStart(2, '0');

/** The products the plan may use, as the catalogue lists them after the demo catalogue's seeding. */
async function plannedProducts(deps: AppDeps): Promise<PlannedProduct[]> {
  const rows = await deps.database.query
    .selectFrom('catalogue_products')
    .select(['id', 'product_type', 'producer_id', 'is_sold', 'preview_track_src'])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    productType: row.product_type,
    producerId: Number(row.producer_id),
    sold: Number(row.is_sold) === 1,
    hasPreview: row.preview_track_src !== null,
  }));
}

/**
 * What the storefront's pages are given to show, read once each through the API the server's
 * render uses, and checked with the schemas the storefront's sagas check them with.
 */
function catalogueAnswers(api: ApiClient) {
  const cache = new Map<string, Promise<unknown>>();
  const get = async <T>(schema: Struct<T>, path: string, query: Record<string, string | number> = {}): Promise<T> => {
    const key = `${path}?${new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]))}`;
    if (!cache.has(key)) cache.set(key, api.request<unknown>({ method: 'GET', path, query }));
    const answer = await cache.get(key);
    assert(answer, schema);
    return answer;
  };
  return {
    product: (id: number) => get(ProductSchema, `/tracks/${id}`),
    list: async (query: Record<string, string | number>) => (await get(TrackListSchema, '/tracks', query)).tracks,
    genres: () => get(GenreListSchema, '/genres'),
    moods: () => get(MoodListSchema, '/moods'),
  };
}
type Catalogue = ReturnType<typeof catalogueAnswers>;

const arrived = (pathname: string, search: string, routeName: string, params: Record<string, string> = {}) =>
  navigationArrived({ pathname, search, routeName, params, error: null });

/** What the server's render of the landing page put in its store, in the order its preload put it. */
async function landingActions(catalogue: Catalogue, landing: Landing): Promise<UnknownAction[]> {
  switch (landing.page) {
    case 'home': {
      const lists = await Promise.all(
        HOME_CATEGORIES.map(async ({ category }) => homeTracksLoaded({ category, tracks: await catalogue.list({ take: HOME_TRACKS_PER_CATEGORY, ...(category === 'all' ? {} : { category }) }) })),
      );
      return [...lists, arrived('/', '', 'index')];
    }
    case 'beats': {
      const search = writeBeatsQuery(parseBeatsQuery(landing.search));
      const tracks = await catalogue.list({ ...Object.fromEntries(new URLSearchParams(search)), skip: 0, take: 20 });
      return [genresLoaded(await catalogue.genres()), moodsLoaded(await catalogue.moods()), beatsPageLoaded({ search, tracks }), arrived('/beats', landing.search, 'beats')];
    }
    case 'product':
      return [productPageLoaded(await catalogue.product(landing.productId)), arrived(`/product/${landing.productId}`, '', 'product-id', { id: String(landing.productId) })];
    default: {
      const unknownLanding: never = landing;
      return unknownLanding;
    }
  }
}

interface Visitor {
  user: User | null;
  /** The visitor's cart: the account's, or a guest cart this visit's cookie names. */
  cartStream: string;
  /** A keyed hash of a documentation address (RFC 5737): the action log's per-address count, no one's address. */
  addressKey: string;
  /** Who plays: the account, or a guest as the play endpoint names one (a hash, no address). */
  listener: string;
}

/**
 * Plays one visit: the tab's log as the storefront records it, and what the visitor did on the
 * server through the shop's own commands and checkout, at the month's time. Answers the paid
 * order's id, if the visit paid one, and the tab's log to ship.
 */
async function playVisit(
  month: AppDeps,
  clock: { advance(seconds: number): void },
  catalogue: Catalogue,
  visit: DemoVisit,
  visitor: Visitor,
): Promise<{ paid: string | null; ship: () => Promise<void> }> {
  const { user, cartStream } = visitor;
  const cart = async (coupon: string | null = null): Promise<Cart> => (await priceCartLines(month, (await readCart(month, cartStream)).lines, coupon, user)).answer;
  // The server's render preloads the header's cart after the page's own data (sagas/navigation/sessionPreload.ts).
  const tab = new DemoTab(month, () => month.clock.now(), user, [...(await landingActions(catalogue, visit.landing)), cartLoaded(await cart())], visit.phone ? PHONE : DESKTOP);
  const tracking = { trackingId: tab.sessionId };
  let paid: string | null = null;
  /** Wishlists, follows and orders are an account's: the plan gives them to buyers only. */
  const account = (): User => {
    if (!user) throw new Error('The demo plan gave a guest what only an account does');
    return user;
  };
  const play = async (step: DemoStep) => {
    switch (step.kind) {
      case 'view': {
        const { productId } = step;
        tab.dispatch(navigationRequested({ pathname: `/product/${productId}`, search: '', mode: 'push' }), productPageLoaded(await catalogue.product(productId)), arrived(`/product/${productId}`, '', 'product-id', { id: String(productId) }));
        return;
      }
      case 'play':
        await handleCommand(month.eventStore, trackPlaysStreamId(step.productId, visitor.listener), trackPlayDecider, { type: 'RecordPlay', productId: step.productId, listener: visitor.listener, at: month.clock.now() });
        return;
      case 'wishlist':
        await handleCommand(month.eventStore, wishlistStreamId(account().id), wishlistDecider, { type: 'AddToWishlist', productId: step.productId });
        return;
      case 'follow':
        await handleCommand(month.eventStore, followsStreamId(account().id), followDecider, { type: 'FollowProducer', userId: account().id, producerId: step.producerId, followerProducerId: null });
        return;
      case 'add':
        tab.dispatch(cartAddRequested({ product: await catalogue.product(step.productId), includeProjectFile: false }));
        await runCartCommand(month, cartStream, { type: 'AddItem', productId: step.productId, includeProjectFile: false }, tracking);
        tab.dispatch(cartAddSucceeded(step.productId), cartLoaded(await cart()));
        return;
      case 'remove':
        tab.dispatch(cartRemoveRequested(step.productId), cartRowDropped(step.productId));
        await runCartCommand(month, cartStream, { type: 'RemoveItem', productId: step.productId });
        tab.dispatch(cartItemDropped(step.productId), cartLoaded(await cart()));
        return;
      case 'checkout': {
        let shown = await cart();
        tab.dispatch(navigationRequested({ pathname: '/cart', search: '', mode: 'push' }), cartLoaded(shown), arrived('/cart', '', 'cart'));
        let coupon: string | null = null;
        if (step.coupon !== null) {
          clock.advance(12);
          tab.dispatch(couponInputChanged(step.coupon), couponApplied());
          shown = await cart(step.coupon);
          tab.dispatch(cartLoaded(shown), ...(shown.couponError ? [errorToastShown(shown.couponError)] : []));
          if (shown.couponError === null) coupon = step.coupon;
        }
        clock.advance(20);
        // The buyer pays the total the cart showed, as the payment form's button sends it.
        const expectedTotal = toCents(shown.total);
        tab.dispatch(checkoutRequested(), paymentFormOpened(), cardPaymentSubmitted({ paymentMethodId: DEMO_CARD, expectedTotal }));
        const { order } = await checkout(month, {
          user: account(),
          paymentMethod: 'card',
          walletType: null,
          shippingAddress: null,
          coupon,
          paymentMethodId: DEMO_CARD,
          expectedTotalCents: expectedTotal,
          idempotencyKey: undefined,
          metadata: tracking,
        });
        if (order.status !== 'paid') return;
        paid = order.placement.orderId;
        tab.dispatch(orderSucceeded(orderAnswer(order)), cartLoaded(await cart()));
        return;
      }
      default: {
        const unknownStep: never = step;
        return unknownStep;
      }
    }
  };
  const pace = demoRandom(visit.at % 2 ** 31);
  for (const step of visit.steps) {
    clock.advance(pace.int(8, 40));
    await play(step);
  }
  clock.advance(15);
  const lastSeen = month.clock.now();
  return { paid, ship: () => tab.ship(visitor.addressKey, lastSeen) };
}

/**
 * A demo buyer, registered through the real registration with a random password nobody knows, at
 * `at`: its events carry that time from an event store of its own, so the buyers (whose password
 * hashing takes most of a registration) register side by side rather than one after another.
 */
async function registerBuyer(month: AppDeps, number: number, at: number): Promise<User> {
  const clock = { now: () => new Date(at) };
  const eventStore = createEventStore(month.database, clock);
  const name = demoName(number);
  const password = `${randomBytes(18).toString('base64url')}a1`;
  try {
    const registered = await register(
      { ...month, clock, eventStore },
      {
        firstName: 'Demo',
        lastName: `Buyer ${name}`,
        email: `demo.buyer${name}@example.com`,
        password,
        confirmPassword: password,
        country: COUNTRIES[number % COUNTRIES.length]!,
        agreeTerms: true,
        selectedRole: 'client',
      },
      { previousSessionId: null, cookies: {} },
    );
    return registered.user;
  } finally {
    await eventStore.close();
  }
}

/** A guest as the play endpoint names one: a hash, never an address. */
const guestListener = (guest: number) => `g${createHash('sha256').update(`demo-guest-${guest}`).digest('hex').slice(0, 16)}`;

/**
 * A month of shop activity before `deps.clock.now()` (issue 13, README "Analytics reports"): the
 * plan of demoActivityPlan.ts played through the real commands, checkout and refunds, with an event
 * store whose clock steps through the month, so every event carries the time it happened and the
 * analytics derivation turns them into the stream the reports read (nothing is written to the
 * analytics tables here). Browser tabs are recorded as the storefront records them. Only where
 * card payments go to the built-in sandbox.
 */
export async function seedDemoActivity(deps: AppDeps, log: (line: string) => void = () => undefined): Promise<DemoActivitySummary | null> {
  if (deps.payments.card.provider !== 'sandbox') {
    // The month pays with the sandbox's test card: never with a real provider's keys, whose shop is no demo.
    log('No demo month of activity: card payments go to a real provider (STRIPE_SECRET_KEY is set)');
    return null;
  }
  const started = performance.now();
  const plan = planDemoActivity(await plannedProducts(deps), deps.clock.now());
  let now = deps.clock.now().getTime() - DEMO_MONTH_DAYS * 86_400_000;
  const clock: Clock & { advance(seconds: number): void } = { now: () => new Date(now), advance: (seconds) => (now += seconds * 1000) };
  const eventStore = createEventStore(deps.database, { now: clock.now });
  const month: AppDeps = { ...deps, clock, eventStore, mailer: UNSENT, orderMails: new OrderMailSender() };
  const summary: DemoActivitySummary = { buyers: plan.buyers.length, visits: plan.visits.length, plays: 0, orders: 0, refunds: 0 };
  const users = new Map<number, User>();
  const orders = new Map<number, string>();
  /** The tabs' logs, sent together at the end: the log store commits the batches that arrive together in one go. */
  const shipments: (() => Promise<void>)[] = [];
  const catalogue = catalogueAnswers(createInProcessApi(API_ENDPOINTS, month, { ip: '192.0.2.1', cookies: {}, headers: {}, session: null }));

  const visitOnce = async (visit: DemoVisit, index: number) => {
    const user = visit.buyer === null ? null : users.get(visit.buyer)!;
    const guestCart = cartOwnerForWrite({ ip: '', headers: {}, cookies: { [GUEST_CART_COOKIE]: randomBytes(32).toString('base64url') }, session: null });
    const visitor: Visitor = {
      user,
      cartStream: user ? userCartStreamId(user.id) : guestCart.streamId,
      addressKey: deps.actionLogTickets.addressKey(user ? `192.0.2.${visit.buyer}` : `198.51.100.${visit.guest}`),
      listener: user ? `u${user.id}` : guestListener(visit.guest ?? 0),
    };
    summary.plays += visit.steps.filter((step) => step.kind === 'play').length;
    const { paid, ship } = await playVisit(month, clock, catalogue, visit, visitor);
    shipments.push(ship);
    if (paid !== null) {
      orders.set(index, paid);
      summary.orders++;
    }
  };
  const refundOnce = async (visit: number) => {
    const orderId = orders.get(visit);
    if (orderId === undefined) return;
    await refundPaidOrder(month, orderId, ADMIN_REFUND_REASON);
    await sendRefundMailIfDue(month, orderId);
    summary.refunds++;
  };
  const timeline = [
    ...plan.visits.map((visit, index) => ({ at: visit.at, act: () => visitOnce(visit, index) })),
    ...plan.refunds.map((refund) => ({ at: refund.at, act: () => refundOnce(refund.visit) })),
  ].sort((a, b) => a.at - b.at);
  try {
    for (const [index, user] of (await Promise.all(plan.buyers.map((buyer) => registerBuyer(month, buyer.number, buyer.registeredAt)))).entries()) {
      users.set(plan.buyers[index]!.number, user);
    }
    // The timeline in order of time: the clock never goes back, and a refund finds its order paid.
    for (const item of timeline) {
      now = Math.max(now, item.at);
      await item.act();
    }
    await Promise.all(shipments.map((ship) => ship()));
    await month.orderMails.idle();
  } finally {
    await eventStore.close();
  }
  await deps.projector.catchUp();
  await deps.analytics.projector.catchUp();
  log(
    `Seeded a month of demo activity: ${summary.buyers} buyers, ${summary.visits} visits, ${summary.plays} plays, ` +
      `${summary.orders} paid orders (${summary.refunds} refunded) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return summary;
}
