import fs from 'node:fs';
import path from 'node:path';
import { createFetchApiClient } from '../../client/api/fetchApiClient';
import { createActionLogRecorder } from '../../shared/actionLog/recorder';
import { sessionFileText } from '../../shared/actionLog/sessionFile';
import { cartAddRequested, cartLoaded, couponApplied, couponInputChanged } from '../../shared/features/cart/cartSlice';
import { navigationRequested } from '../../shared/features/navigation/navigationSlice';
import { type Cart, CartSchema } from '../../shared/schemas/cart';
import { TrackListSchema } from '../../shared/schemas/track';
import { makeStore } from '../../shared/store/makeStore';
import { flushActionLog } from '../../sagas/actionLog/shipActionLog';
import { navigate, watchNavigation } from '../../sagas/navigation/navigationSaga';
import { readActionLog } from '../../server/actionLog/actionLogStore';
import { seedDemoCatalogue } from '../../server/seed/seedDemoCatalogue';
import { create } from 'superstruct';
import { ApiBrowser } from '../helpers/accountClient';
import { startTestApp } from '../helpers/testApp';
import { issuedTicket } from './issuedTicket';

/**
 * Records the committed fixture session (test/fixtures/actionLog/buyer-session.jsonl) from a live
 * server, as a browser tab records it: pages browsed, a beat added to the cart, a coupon the shop
 * refuses, the cart as the server answered each time. Run it again (`npx tsx
 * test/actionLog/recordFixtureSession.ts`) only when a reducer change is meant to replay history
 * differently; the replay tests then pin the new behaviour.
 */
async function main() {
  const app = await startTestApp();
  try {
    await seedDemoCatalogue(app.deps);
    const ticket = await issuedTicket(app.baseUrl);
    const api = createFetchApiClient(`${app.baseUrl}/api/v1`);
    const sagaContext = { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date() };
    const server = makeStore(undefined, { sagaContext });
    await server.runSaga(navigate, { pathname: '/', search: '', mode: 'pop' }).toPromise();
    const recorder = createActionLogRecorder({ ...ticket, now: () => new Date() });
    const store = makeStore(server.getState(), { sagaContext, middleware: [recorder.middleware] });
    recorder.start(server.getState(), { width: 390, height: 844 });
    store.runSaga(watchNavigation);
    const settle = async () => {
      for (let i = 0; i < 300 && store.getState().navigation.pending; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    const visit = async (pathname: string, search = '') => {
      store.dispatch(navigationRequested({ pathname, search, mode: 'push' }));
      await settle();
    };

    const tracks = create(await (await fetch(`${app.baseUrl}/api/v1/tracks?take=12`)).json(), TrackListSchema).tracks;
    const beat = tracks.find((track) => track.productType === 'track')!;
    const shopper = new ApiBrowser(app.baseUrl);
    const cart = async (coupon?: string): Promise<Cart> => create((await shopper.json('GET', coupon ? `/ecommerce/cart?coupon=${coupon}` : '/ecommerce/cart')).body, CartSchema);

    for (const [pathname, search] of [
      ['/beats', ''],
      ['/beats', '?sort=price_asc'],
      [`/product/${beat.id}`, ''],
      [`/${beat.producer.producerUrl}`, ''],
      ['/services', ''],
      ['/for-buyers/purchases-shop/9', ''],
      ['/beats', ''],
      [`/product/${tracks[1]!.id}`, ''],
      ['/', ''],
      ['/beats', '?bpm=80-120'],
      ['/privacy-policy', ''],
      ['/beats', ''],
    ] as const) {
      await visit(pathname, search);
    }
    // The buyer adds a beat; the cart comes back from the server as it answered.
    store.dispatch(cartAddRequested({ product: beat }));
    await shopper.json('POST', '/ecommerce/cart', { product: beat.id, includeProjectFile: false });
    store.dispatch(cartLoaded(await cart()));
    // A coupon the shop does not know: the reload answers its refusal.
    store.dispatch(couponInputChanged('SUMMER90'));
    store.dispatch(couponApplied());
    store.dispatch(cartLoaded(await cart('summer90')));
    await visit(`/product/${beat.id}`);
    await visit('/beats');
    // The tab is hidden: the last checkpoint.
    recorder.checkpoint();
    await store.runSaga(flushActionLog, recorder).toPromise();

    const entries = await readActionLog(app.deps.actionLogs.query, ticket.sessionId);
    const target = path.join(__dirname, '../fixtures/actionLog/buyer-session.jsonl');
    fs.writeFileSync(target, sessionFileText({ header: { kind: 'session', sessionId: ticket.sessionId, userId: null }, entries, events: [] }));
    console.log(`${entries.length} entries written to ${target}`);
  } finally {
    await app.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
