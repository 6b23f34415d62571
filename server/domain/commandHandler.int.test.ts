import type { Database } from '../db/database';
import { createEventStore } from '../eventStore/createEventStore';
import type { EventStore } from '../eventStore/eventStore';
import { demoListings } from '../seed/seedDemoCatalogue';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/testDatabase';
import { handleCommand } from './commandHandler';
import { payoutDecider } from './payout/payoutDecider';
import { payoutStreamId } from './payout/payoutEvents';
import { productDecider } from './product/productDecider';
import { productStreamId } from './product/productEvents';

describe('handleCommand', () => {
  let testDatabase: TestDatabase;
  let database: Database;
  let store: EventStore;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    database = await testDatabase.open();
    store = createEventStore(database, { now: () => new Date() });
  });

  afterEach(async () => {
    await store.close();
    await database.close();
    await testDatabase.drop();
  });

  test('of buyers racing for one beat, exactly one gets it', async () => {
    const listing = demoListings(1)[0]!;
    const streamId = productStreamId(listing.productId);
    await handleCommand(store, streamId, productDecider, { type: 'ListProduct', listing });
    const sell = (orderId: string) =>
      handleCommand(store, streamId, productDecider, { type: 'SellProduct', productId: listing.productId, orderId });
    const results = await Promise.allSettled([sell('order-a'), sell('order-b'), sell('order-c')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const refused of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect(refused.reason).toMatchObject({ name: 'DomainError', message: expect.stringContaining('already been sold') });
    }
    const sales = (await store.readStream(streamId)).filter((event) => event.type === 'ProductSold');
    expect(sales).toHaveLength(1);
  });

  test('a repeated command appends nothing and answers the position the first one reached, so its caller waits for what that one recorded', async () => {
    const payout = { payoutId: 'payout-0001', producerId: 7, amountCents: 500, reference: 'Wire 1', sentAt: '2026-11-27T10:00:00.000Z', by: 1 };
    const send = () => handleCommand(store, payoutStreamId(7), payoutDecider, { type: 'SendPayout', payout, earnedCents: 1000 });
    const first = await send();
    expect(first.append).not.toBeNull();
    expect(first.position).toBe(first.append!.lastPosition);
    const listing = demoListings(1)[0]!;
    const later = await handleCommand(store, productStreamId(listing.productId), productDecider, { type: 'ListProduct', listing });
    expect(later.position).toBeGreaterThan(first.position);
    const repeat = await send();
    expect(repeat).toMatchObject({ events: [], append: null, position: first.position });
  });
});
