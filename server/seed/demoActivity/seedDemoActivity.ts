import { createHash, createHmac, randomBytes } from 'node:crypto';
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
import { releaseCredentials, findCredentials } from '../../auth/credentials';
import { register } from '../../auth/registration';
import { loadAccount } from '../../auth/userRecords';
import { runCartCommand } from '../../commerce/cartCommands';
import { cartOwnerForWrite, GUEST_CART_COOKIE, readCart } from '../../commerce/cartOwner';
import { priceCartLines } from '../../commerce/cartView';
import { checkout, orderIdOfKey } from '../../commerce/checkout';
import { OrderMailSender, sendOrderMailIfDue } from '../../commerce/orderMailQueue';
import { orderAnswer, readOrder } from '../../commerce/orders';
import { sendRefundMailIfDue } from '../../commerce/refundMailQueue';
import { refundPaidOrder } from '../../commerce/refundOrder';
import { userCartStreamId } from '../../domain/cart/cartEvents';
import { handleCommand } from '../../domain/commandHandler';
import { followDecider } from '../../domain/producer/followDecider';
import { followsStreamId } from '../../domain/producer/producerEvents';
import { userStreamId } from '../../domain/user/userEvents';
import { trackPlayDecider } from '../../domain/trackPlay/trackPlayDecider';
import { trackPlaysStreamId } from '../../domain/trackPlay/trackPlayEvents';
import { wishlistDecider, wishlistStreamId } from '../../domain/wishlist/wishlistDecider';
import { createEventStore } from '../../eventStore/createEventStore';
import { API_ENDPOINTS } from '../../http/apiEndpoints';
import { createInProcessApi } from '../../http/inProcessApi';
import { sharedServerSecret } from '../../db/serverSecrets';
import type { Mailer } from '../../mail/mailer';
import { type DemoMonthPlan, demoSeedJournal } from '../demoSeedJournal';
import { seedCrashPoint } from '../seedCrashPoints';
import { DEMO_MONTH_DAYS, type DemoStep, type DemoVisit, type Landing, planDemoActivity, type PlannedProduct } from './demoActivityPlan';
import { demoRandom } from './demoRandom';
import { DemoTab } from './demoTab';
import { type Logger, silentLogger } from '../../logging/logger';

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

/**
 * Tabs go to the log store together, as the month is played: its group commit waits 100 ms for
 * each batch, so sent one visit at a time the month took a minute.
 */
const TABS_PER_SENDING = 50;

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
    if (!cache.has(key)) cache.set(key, api.request({ method: 'GET', path, query }));
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

/** How much of a timeline item (a visit, a refund) an interrupted seed played already, and what the month learns as it is played. */
interface PlayedSteps {
  /** Steps played before: their writes are done, and a visit's tab is opened again through them. */
  played: number;
  /** A step that changes a cart is done (`steps` of the item now). */
  stepped(steps: number): Promise<void>;
  /** A checkout's payment is done, and the journal does not know it yet. */
  paid(): Promise<void>;
}

/** What a visit is played under, the same at every start: played again after an interruption, it has the same effect. */
interface VisitRun extends PlayedSteps {
  /** The tab's action-log id. */
  tabId: string;
  /** The Idempotency-Key of the visit's checkout: played again, it answers the order the first play placed. */
  checkoutKey: string;
}

/**
 * Plays one visit: the tab's log as the storefront records it, and what the visitor did on the
 * server through the shop's own commands and checkout, at the month's time. Answers the tab's log
 * to ship.
 */
async function playVisit(
  month: AppDeps,
  clock: { advance(seconds: number): void },
  catalogue: Catalogue,
  visit: DemoVisit,
  visitor: Visitor,
  run: VisitRun,
): Promise<{ ship: () => Promise<void> }> {
  const { user, cartStream } = visitor;
  const cart = async (coupon: string | null = null): Promise<Cart> => (await priceCartLines(month, (await readCart(month, cartStream)).lines, coupon, user)).answer;
  // The server's render preloads the header's cart after the page's own data (sagas/navigation/sessionPreload.ts).
  const tab = new DemoTab(month, () => month.clock.now(), user, [...(await landingActions(catalogue, visit.landing)), cartLoaded(await cart())], visit.phone ? PHONE : DESKTOP, run.tabId);
  const tracking = { trackingId: tab.sessionId };
  /** Wishlists, follows and orders are an account's: the plan gives them to buyers only. */
  const account = (): User => {
    if (!user) throw new Error('The demo plan gave a guest what only an account does');
    return user;
  };
  /** `write`: the step's commands run; false for a step played before an interruption, whose writes are done. */
  const play = async (step: DemoStep, write: boolean) => {
    switch (step.kind) {
      case 'view': {
        const { productId } = step;
        tab.dispatch(navigationRequested({ pathname: `/product/${productId}`, search: '', mode: 'push' }), productPageLoaded(await catalogue.product(productId)), arrived(`/product/${productId}`, '', 'product-id', { id: String(productId) }));
        return;
      }
      case 'play':
        if (write) await handleCommand(month.eventStore, trackPlaysStreamId(step.productId, visitor.listener), trackPlayDecider, { type: 'RecordPlay', productId: step.productId, listener: visitor.listener, at: month.clock.now() });
        return;
      case 'wishlist':
        if (write) await handleCommand(month.eventStore, wishlistStreamId(account().id), wishlistDecider, { type: 'AddToWishlist', productId: step.productId });
        return;
      case 'follow':
        if (write) await handleCommand(month.eventStore, followsStreamId(account().id), followDecider, { type: 'FollowProducer', userId: account().id, producerId: step.producerId, followerProducerId: null });
        return;
      case 'add':
        tab.dispatch(cartAddRequested({ product: await catalogue.product(step.productId), includeProjectFile: false }));
        if (write) await runCartCommand(month, cartStream, { type: 'AddItem', productId: step.productId, includeProjectFile: false }, tracking);
        tab.dispatch(cartAddSucceeded(step.productId), cartLoaded(await cart()));
        return;
      case 'remove': {
        tab.dispatch(cartRemoveRequested(step.productId), cartRowDropped(step.productId));
        // Played again after an interruption, the line may be gone already.
        const inCart = (await readCart(month, cartStream)).lines.some((line) => line.productId === step.productId);
        if (write && inCart) await runCartCommand(month, cartStream, { type: 'RemoveItem', productId: step.productId });
        tab.dispatch(cartItemDropped(step.productId), cartLoaded(await cart()));
        return;
      }
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
        // Played again, the key answers the order the first play placed, and nothing is paid twice.
        const { order } = await checkout(month, {
          user: account(),
          paymentMethod: 'card',
          walletType: null,
          shippingAddress: null,
          coupon,
          paymentMethodId: DEMO_CARD,
          expectedTotalCents: expectedTotal,
          idempotencyKey: run.checkoutKey,
          metadata: tracking,
        });
        if (order.status !== 'paid' && order.status !== 'refunded') return;
        if (write) await run.paid();
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
  for (const [index, step] of visit.steps.entries()) {
    clock.advance(pace.int(8, 40));
    const write = index >= run.played;
    await play(step, write);
    // Played again after an interruption, every other step does nothing new (a view writes nothing, a
    // play at the same moment counts once, a wishlist entry or a follow is there, a checkout's key
    // answers its order); a cart line would come back after its removal or purchase.
    if (write && (step.kind === 'add' || step.kind === 'remove')) await run.stepped(index + 1);
  }
  clock.advance(15);
  const lastSeen = month.clock.now();
  return { ship: () => tab.ship(visitor.addressKey, lastSeen) };
}

/**
 * A demo buyer, registered through the real registration with a random password nobody knows, at
 * `at`: its events carry that time from an event store of its own, so the buyers (whose password
 * hashing takes most of a registration) register side by side rather than one after another. A
 * buyer an interrupted seed registered already is that account.
 */
async function demoBuyer(month: AppDeps, number: number, at: number): Promise<User> {
  const email = `demo.buyer${demoName(number)}@example.com`;
  const claimed = await findCredentials(month.database, email);
  if (claimed) {
    const account = await loadAccount(month, claimed.user_id);
    if (account) return account.user;
    // The email was claimed, and the seed was interrupted before UserRegistered was written.
    if ((await month.eventStore.readLastEvent(userStreamId(claimed.user_id))) !== null) throw new Error(`Demo buyer ${email} is registered but has no account`);
    await releaseCredentials(month.database, claimed.user_id);
  }
  const clock = { now: () => new Date(at) };
  const eventStore = createEventStore(month.database, clock);
  const password = `${randomBytes(18).toString('base64url')}a1`;
  try {
    const registered = await register(
      { ...month, clock, eventStore },
      {
        firstName: 'Demo',
        lastName: `Buyer ${demoName(number)}`,
        email,
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

/** The month's products and end, fixed when it begins: played again after an interruption, it is the same month. */
async function beginMonth(deps: AppDeps): Promise<DemoMonthPlan> {
  const begun = { until: deps.clock.now().toISOString(), products: await plannedProducts(deps) };
  await demoSeedJournal(deps.database, deps.clock).monthPlan.write(begun);
  return begun;
}

/**
 * A month of shop activity before `deps.clock.now()` (issue 13, server/seed/README.md
 * "The demo month"): the
 * plan of demoActivityPlan.ts played through the real commands, checkout and refunds, with an event
 * store whose clock steps through the month, so every event carries the time it happened and the
 * analytics derivation turns them into the stream the reports read (nothing is written to the
 * analytics tables here). Browser tabs are recorded as the storefront records them. Only where
 * card payments go to the built-in sandbox.
 *
 * The journal (demoSeedJournal.ts) records how far the month is played, and a step played again
 * does nothing new: so a month interrupted by a crash or a Ctrl-C is taken up where it stopped by
 * the next call, with the same products, times, tabs and orders.
 */
export async function seedDemoActivity(deps: AppDeps, log: Logger = silentLogger): Promise<DemoActivitySummary | null> {
  if (deps.payments.card.provider !== 'sandbox') {
    // The month pays with the sandbox's test card: never with a real provider's keys, whose shop is no demo.
    log.info('No demo month of activity: card payments go to a real provider (STRIPE_SECRET_KEY is set)');
    return null;
  }
  const started = performance.now();
  const journal = demoSeedJournal(deps.database, deps.clock);
  const begun = (await journal.monthPlan.read()) ?? (await beginMonth(deps));
  const plan = planDemoActivity(begun.products, new Date(begun.until));
  const cursor = (await journal.monthCursor.read()) ?? { item: 0, step: 0, sentThrough: 0, sentAt: Date.parse(begun.until) - DEMO_MONTH_DAYS * 86_400_000 };
  let now = cursor.sentAt;
  const clock: Clock & { advance(seconds: number): void } = { now: () => new Date(now), advance: (seconds) => (now += seconds * 1000) };
  const eventStore = createEventStore(deps.database, { now: clock.now, log: deps.log });
  const month: AppDeps = { ...deps, clock, eventStore, mailer: UNSENT, orderMails: new OrderMailSender() };
  const users = new Map<number, User>();
  const catalogue = catalogueAnswers(createInProcessApi(API_ENDPOINTS, month, { ip: '192.0.2.1', cookies: {}, headers: {}, session: null }));
  // Tab ids and guest carts are keyed by a secret of this database's, so nobody outside can name them.
  const secret = await sharedServerSecret(deps.database, 'demoSeed', deps.clock.now());
  const derived = (purpose: string) => createHmac('sha256', secret).update(purpose).digest('base64url');
  const checkoutKey = (visit: number) => `demo-month-visit-${visit}`;

  const visitOnce = async (visit: DemoVisit, index: number, run: PlayedSteps) => {
    const user = visit.buyer === null ? null : users.get(visit.buyer)!;
    const guestCart = cartOwnerForWrite({ ip: '', headers: {}, cookies: { [GUEST_CART_COOKIE]: derived(`guest-cart:${index}`) }, session: null });
    const visitor: Visitor = {
      user,
      cartStream: user ? userCartStreamId(user.id) : guestCart.streamId,
      addressKey: deps.actionLogTickets.addressKey(user ? `192.0.2.${visit.buyer}` : `198.51.100.${visit.guest}`),
      listener: user ? `u${user.id}` : guestListener(visit.guest ?? 0),
    };
    const { ship } = await playVisit(month, clock, catalogue, visit, visitor, { ...run, tabId: derived(`tab:${index}`).slice(0, 22), checkoutKey: checkoutKey(index) });
    return ship;
  };
  /** The order a visit's checkout paid, if it did (a declined coupon can leave nothing to pay for). */
  const paidOrderOf = async (visit: number): Promise<string | null> => {
    const buyer = plan.visits[visit]!.buyer;
    const orderId = buyer === null ? null : await orderIdOfKey(month, users.get(buyer)!.id, checkoutKey(visit));
    if (orderId === null) return null;
    const order = await readOrder(month, orderId);
    return order.status === 'paid' || order.status === 'refunded' ? orderId : null;
  };
  const refundOnce = async (visit: number, run: PlayedSteps) => {
    const orderId = run.played > 0 ? null : await paidOrderOf(visit);
    if (orderId === null) return null;
    await refundPaidOrder(month, orderId, ADMIN_REFUND_REASON);
    await sendRefundMailIfDue(month, orderId);
    return null;
  };
  const timeline = [
    ...plan.visits.map((visit, index) => ({ at: visit.at, visit: true, act: (run: PlayedSteps) => visitOnce(visit, index, run) })),
    ...plan.refunds.map((refund) => ({ at: refund.at, visit: false, act: (run: PlayedSteps) => refundOnce(refund.visit, run) })),
  ].sort((a, b) => a.at - b.at);
  const visitsPlayed = (items: number) => timeline.slice(0, items).filter((item) => item.visit).length;
  if (cursor.item > 0 || cursor.step > 0) log.info({ played: visitsPlayed(cursor.item), total: plan.visits.length }, `Resuming the demo month: ${visitsPlayed(cursor.item)} of ${plan.visits.length} visits played`);
  else log.info({ total: plan.visits.length }, `Playing a month of demo activity: ${plan.visits.length} visits…`);
  const reportEvery = Math.ceil(timeline.length / 10);
  const summary: DemoActivitySummary = {
    buyers: plan.buyers.length,
    visits: plan.visits.length,
    plays: plan.visits.reduce((plays, visit) => plays + visit.steps.filter((step) => step.kind === 'play').length, 0),
    orders: 0,
    refunds: 0,
  };
  /** How far the month is played, and how far its tabs are sent: the journal's cursor. */
  let reached = { item: cursor.item, step: cursor.step };
  let sent = { through: cursor.sentThrough, at: cursor.sentAt };
  const save = () => journal.monthCursor.write({ ...reached, sentThrough: sent.through, sentAt: sent.at });
  let unsent: (() => Promise<void>)[] = [];
  try {
    for (const [index, user] of (await Promise.all(plan.buyers.map((buyer) => demoBuyer(month, buyer.number, buyer.registeredAt)))).entries()) {
      users.set(plan.buyers[index]!.number, user);
    }
    // The timeline in order of time: the clock never goes back, and a refund finds its order paid.
    // Items an interrupted seed played whose tabs it had not sent yet are played again for their tabs alone.
    for (let index = sent.through; index < timeline.length; index++) {
      const item = timeline[index]!;
      now = Math.max(now, item.at);
      const live = index >= cursor.item;
      const ship = await item.act({
        played: live ? (index === cursor.item ? cursor.step : 0) : Infinity,
        stepped: async (steps) => {
          reached = { item: index, step: steps };
          await save();
        },
        paid: async () => {
          if (index >= timeline.length / 2) await seedCrashPoint(deps.config, 'demo-month');
        },
      });
      if (ship) unsent.push(ship);
      if (live) reached = { item: index + 1, step: 0 };
      if (unsent.length === TABS_PER_SENDING || index === timeline.length - 1) {
        await Promise.all(unsent.map((send) => send()));
        unsent = [];
        sent = { through: index + 1, at: now };
        await save();
      }
      if (live && (index + 1) % reportEvery === 0) log.info({ played: visitsPlayed(index + 1), total: plan.visits.length }, `visits ${visitsPlayed(index + 1)}/${plan.visits.length}`);
    }
    await month.orderMails.idle();
    await deps.projector.catchUp();
    // A mail an interrupted seed left due is not sent either (the shop's job would send it), at today's time, past any claim on it.
    const today: AppDeps = { ...month, clock: deps.clock };
    for (const [index, visit] of plan.visits.entries()) {
      const orderId = visit.steps.some((step) => step.kind === 'checkout') ? await paidOrderOf(index) : null;
      if (orderId === null) continue;
      summary.orders++;
      if ((await readOrder(month, orderId)).status === 'refunded') summary.refunds++;
      await sendOrderMailIfDue(today, orderId);
      await sendRefundMailIfDue(today, orderId);
    }
  } finally {
    await eventStore.close();
  }
  await deps.projector.catchUp();
  await deps.analytics.projector.catchUp();
  log.info(
    { ...summary },
    `Seeded a month of demo activity: ${summary.buyers} buyers, ${summary.visits} visits, ${summary.plays} plays, ` +
      `${summary.orders} paid orders (${summary.refunds} refunded) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return summary;
}
