import type { Database } from '../db/database';
import { createEventStore } from '../eventStore/createEventStore';
import type { EventStore } from '../eventStore/eventStore';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/testDatabase';
import { eventually } from '../../test/helpers/eventually';
import { catalogueProjection } from './catalogueProjection';
import type { PreparedProjection, Projection } from './projection';
import { Projector } from './projector';
import { demoListings } from '../seed/seedDemoCatalogue';

describe('projector', () => {
  let testDatabase: TestDatabase;
  let database: Database;
  let store: EventStore;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    database = await testDatabase.open();
    store = createEventStore(database, { now: () => new Date(), pollMs: 50 });
  });

  afterEach(async () => {
    await store.close();
    await database.close();
    await testDatabase.drop();
  });

  const listing = (productId: number) => ({ ...demoListings(1)[0]!, productId, name: `Beat ${productId}` });
  const catalogueNames = async () =>
    (await database.query.selectFrom('catalogue_products').select('name').orderBy('id').execute()).map((row) => row.name);

  test('a failing batch rolls back its rows and its checkpoint together', async () => {
    await store.append('product-1', [{ type: 'ProductListed', data: listing(1) }], { expectedVersion: 0 });
    await store.append('product-2', [{ type: 'ProductListed', data: listing(2) }], { expectedVersion: 0 });
    let failOn: number | null = 2;
    const flaky: Projection = {
      ...catalogueProjection,
      async apply(tx, events) {
        await catalogueProjection.apply(tx, events);
        if (events.some((event) => (event.data as { productId: number }).productId === failOn)) throw new Error('disk full');
      },
    };
    const projector = new Projector(database, store, [flaky]);
    await expect(projector.catchUp()).rejects.toThrow('disk full');
    expect(await catalogueNames()).toEqual([]);
    expect(await projector.checkpoint('catalogue')).toBe(0);

    failOn = null;
    await projector.catchUp();
    await projector.catchUp();
    expect(await catalogueNames()).toEqual(['Beat 1', 'Beat 2']);
    expect(await projector.checkpoint('catalogue')).toBe(await store.headPosition());
  });

  test('follows new events once started, skipping types it does not read', async () => {
    const projector = new Projector(database, store, [catalogueProjection]);
    await projector.start();
    await store.append('cart-1', [{ type: 'ItemAddedToCart', data: {} }], { expectedVersion: 0 });
    const { lastPosition } = await store.append('product-5', [{ type: 'ProductListed', data: listing(5) }], {
      expectedVersion: 0,
    });
    await projector.waitFor(lastPosition);
    expect(await catalogueNames()).toEqual(['Beat 5']);
    await store.append('product-5', [{ type: 'ProductSold', data: { productId: 5, orderId: 'o-1' } }], { expectedVersion: 1 });
    // Nobody asks: the projector's subscription brings the sale in.
    const soldFlag = () => database.query.selectFrom('catalogue_products').select('is_sold').where('id', '=', 5).executeTakeFirst();
    await eventually(soldFlag, (row) => row?.is_sold === 1, 'the sale in the catalogue');
    await projector.stop();
  });

  test('a prepared projection reads outside the write transaction, and a batch another projector applied meanwhile is read again, not applied twice', async () => {
    for (const id of [1, 2, 3]) await store.append(`product-${id}`, [{ type: 'ProductListed', data: listing(id) }], { expectedVersion: 0 });
    const applied: number[] = [];
    let racing: Projector | null = null;
    const counting: PreparedProjection = {
      name: 'counting',
      types: ['ProductListed'],
      async prepare(events) {
        // The first preparation finds another server's projector done with the same batch before it writes.
        const other = racing;
        racing = null;
        if (other) await other.catchUp();
        return async (tx) => {
          applied.push(...events.map((event) => event.position));
          await tx.selectFrom('projection_checkpoints').select('position').execute();
        };
      },
    };
    const mine = new Projector(database, store, [counting]);
    racing = new Projector(database, store, [counting]);
    await mine.catchUp();
    expect(applied).toEqual([1, 2, 3]);
    expect(await mine.checkpoint('counting')).toBe(await store.headPosition());

    await store.append('product-4', [{ type: 'ProductListed', data: listing(4) }], { expectedVersion: 0 });
    await mine.catchUp();
    expect(applied).toEqual([1, 2, 3, 4]);
  });
});
