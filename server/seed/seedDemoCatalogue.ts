import type { AppDeps } from '../appDeps';
import { handleCommand } from '../domain/commandHandler';
import { productDecider } from '../domain/product/productDecider';
import type { ProductListing } from '../domain/product/productEvents';
import { productStreamId } from '../domain/product/productEvents';

const PRODUCERS = [
  { id: 1, artistName: 'Nova Kade', producerUrl: 'nova-kade' },
  { id: 2, artistName: 'Lowtide', producerUrl: 'lowtide' },
  { id: 3, artistName: 'Mira Sol', producerUrl: 'mira-sol' },
  { id: 4, artistName: 'Grayhound 808', producerUrl: 'grayhound808' },
] as const;

const GENRES = ['Trap', 'Hip Hop', 'R&B', 'Drill', 'Lo-Fi', 'Afrobeat'] as const;
const KEYS = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;
const WORDS_A = ['Night', 'Velvet', 'Neon', 'Golden', 'Cold', 'Paper', 'Silent', 'Broken'] as const;
const WORDS_B = ['Drive', 'Hearts', 'Rain', 'Skyline', 'Fever', 'Waves', 'Ghosts', 'Summer'] as const;

/** A first, small catalogue (the catalogue issue grows it), the same on every machine. */
export function demoListings(count = 16): ProductListing[] {
  return Array.from({ length: count }, (_, index) => {
    const producer = PRODUCERS[index % PRODUCERS.length]!;
    return {
      productId: index + 1,
      name: `${WORDS_A[index % WORDS_A.length]} ${WORDS_B[(index * 3) % WORDS_B.length]}`,
      productType: 'track',
      genre: GENRES[index % GENRES.length]!,
      bpm: 70 + ((index * 37) % 110),
      key: KEYS[(index * 5) % KEYS.length]!,
      scale: index % 3 === 0 ? 'major' : 'minor',
      priceCents: (199 + ((index * 53) % 800)) * 100 + 99,
      exclusive: index % 4 === 0,
      coverImageSrc: null,
      previewTrackSrc: null,
      producer,
    };
  });
}

/** Seeds the demo catalogue into an empty database; a database with products is left alone. */
export async function seedDemoCatalogue(deps: AppDeps, log: (line: string) => void = () => undefined): Promise<number> {
  const existing = await deps.eventStore.readAll({ types: ['ProductListed'], limit: 1 });
  if (existing.length > 0) return 0;
  const listings = demoListings();
  for (const listing of listings) {
    await handleCommand(deps.eventStore, productStreamId(listing.productId), productDecider, { type: 'ListProduct', listing });
  }
  // Two exclusives already found their buyer, so the storefront shows sold beats from the start.
  for (const listing of listings.filter((l) => l.exclusive).slice(0, 2)) {
    await handleCommand(deps.eventStore, productStreamId(listing.productId), productDecider, {
      type: 'SellProduct',
      productId: listing.productId,
      orderId: `demo-order-${listing.productId}`,
    });
  }
  await deps.projector.catchUp();
  log(`Seeded the demo catalogue: ${listings.length} tracks from ${PRODUCERS.length} producers`);
  return listings.length;
}
