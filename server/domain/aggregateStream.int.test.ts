import type { Cart } from '../../shared/schemas/cart';
import type { User } from '../../shared/schemas/auth';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { listShop } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { aggregateStream } from './aggregateStream';
import { handleCommand } from './commandHandler';
import { productDecider } from './product/productDecider';
import { productStreamId } from './product/productEvents';
import { wishlistDecider, wishlistStreamId } from './wishlist/wishlistDecider';

describe('events read back from the store are decoded at one boundary', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
    await listShop(app.deps);
  });
  afterAll(() => app.close());

  test('a stored event with a wrong shape is refused, naming the stream, the version and the field, and nothing is decided on it', async () => {
    const visitor = new ApiBrowser(app.baseUrl);
    const { body: user } = await visitor.json<User>('POST', '/auth/register', registration({ email: 'corrupt@example.com' }));
    const streamId = wishlistStreamId(user.id);
    // A product id written as text, as a buggy writer or a hand-edited row would leave it.
    const { lastPosition } = await app.deps.eventStore.append(streamId, [{ type: 'WishlistItemAdded', data: { entryId: 1, productId: '5' } }], { expectedVersion: 0 });

    await expect(aggregateStream(app.deps.eventStore, streamId, wishlistDecider)).rejects.toThrow(
      `Event WishlistItemAdded at version 1 of stream ${streamId} (position ${lastPosition}) is unreadable: data.productId: Expected an integer, but received: "5"`,
    );
    expect((await visitor.call('GET', '/wishlist')).ok).toBe(false);
    expect((await visitor.call('POST', '/wishlist/6')).ok).toBe(false);
    expect(await app.deps.eventStore.readStream(streamId)).toHaveLength(1);
  });

  test('a beat listed in the first shape, then delisted, shows in a cart as no longer available, with its genre', async () => {
    const productId = 9001;
    await app.deps.eventStore.append(
      productStreamId(productId),
      [
        {
          type: 'ProductListed',
          data: {
            productId,
            name: 'First Light',
            productType: 'track',
            genre: 'Trap',
            bpm: 140,
            key: 'A',
            scale: 'minor',
            priceCents: 24_900,
            exclusive: true,
            coverImageSrc: null,
            previewTrackSrc: null,
            producer: { id: 1 },
          },
        },
      ],
      { expectedVersion: 0 },
    );
    await app.deps.projector.catchUp();
    const buyer = new ApiBrowser(app.baseUrl);
    expect((await buyer.call('POST', '/ecommerce/cart', { product: productId, includeProjectFile: false })).status).toBe(200);

    await handleCommand(app.deps.eventStore, productStreamId(productId), productDecider, { type: 'DelistProduct', productId });
    await app.deps.projector.catchUp();

    const { status, body } = await buyer.json<Cart>('GET', '/ecommerce/cart');
    expect(status).toBe(200);
    expect(body.items).toEqual([expect.objectContaining({ id: productId, active: false, price: null, product: expect.objectContaining({ name: 'First Light', genre: 'Trap' }) })]);
    const { state } = await aggregateStream(app.deps.eventStore, productStreamId(productId), productDecider);
    expect(state).toMatchObject({ status: 'delisted', listing: { productId, producerId: 1, genreIds: [1], moodIds: [], preview: null } });
  });
});
