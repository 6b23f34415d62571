import { genreById } from '../../shared/domain/catalogue/genres';
import type { CartProduct } from '../../shared/schemas/cart';
import type { AppDeps } from '../appDeps';
import { selectProducts } from '../catalogue/findProducts';
import { toProduct } from '../catalogue/productAnswer';
import { aggregateStream } from '../domain/aggregateStream';
import { productDecider } from '../domain/product/productDecider';
import { type ProductListing, productStreamId } from '../domain/product/productEvents';

/** What the cart and checkout need of a product: its row for the answer, and whether it can be bought. */
export interface CartProductInfo {
  product: CartProduct;
  producerId: number;
  priceCents: number;
  projectFilePriceCents: number | null;
  exclusive: boolean;
  /** Listed and not sold: only such products count in totals and can be paid for. */
  forSale: boolean;
}

/** Products by id from the catalogue read model; a delisted product is rebuilt from its stream, shown as no longer for sale. */
export async function loadCartProducts(deps: AppDeps, productIds: readonly number[]): Promise<Map<number, CartProductInfo>> {
  const found = new Map<number, CartProductInfo>();
  if (productIds.length === 0) return found;
  const rows = await selectProducts(deps.database.query).where('p.id', 'in', [...productIds]).execute();
  for (const row of rows) {
    const product = toProduct(row);
    found.set(product.id, {
      product: {
        id: product.id,
        name: product.name,
        productType: product.productType,
        genre: product.genre,
        coverImageSrc: product.coverImageSrc,
        previewTrackSrc: product.previewTrackSrc,
        finalPrice: product.finalPrice,
        projectFilePrice: product.projectFilePrice,
        isSold: product.isSold,
        producer: { id: product.producer.id, artistName: product.producer.artistName, producerUrl: product.producer.producerUrl },
      },
      producerId: product.producer.id,
      priceCents: Number(row.price_cents),
      projectFilePriceCents: row.project_file_price_cents === null ? null : Number(row.project_file_price_cents),
      exclusive: product.exclusive,
      forSale: !product.isSold,
    });
  }
  for (const productId of productIds) {
    if (found.has(productId)) continue;
    const listing = await listingFromStream(deps, productId);
    if (listing) found.set(productId, await delistedInfo(deps, listing));
  }
  return found;
}

async function listingFromStream(deps: AppDeps, productId: number): Promise<ProductListing | null> {
  const { state } = await aggregateStream(deps.eventStore, productStreamId(productId), productDecider);
  return state.status === 'unlisted' ? null : state.listing;
}

async function delistedInfo(deps: AppDeps, listing: ProductListing): Promise<CartProductInfo> {
  const producer = await deps.database.query
    .selectFrom('catalogue_producers')
    .select(['artist_name', 'short_name'])
    .where('id', '=', listing.producerId)
    .executeTakeFirst();
  const genre =
    listing.productType === 'samplepack'
      ? 'Sample Pack'
      : listing.genreIds
          .map((id) => genreById(id)?.name)
          .filter(Boolean)
          .join(' / ');
  return {
    product: {
      id: listing.productId,
      name: listing.name,
      productType: listing.productType,
      genre,
      coverImageSrc: listing.coverImageSrc,
      previewTrackSrc: listing.preview?.src ?? null,
      finalPrice: listing.priceCents / 100,
      projectFilePrice: listing.projectFilePriceCents === null ? null : listing.projectFilePriceCents / 100,
      isSold: false,
      producer: { id: listing.producerId, artistName: producer?.artist_name ?? '', producerUrl: producer?.short_name ?? '' },
    },
    producerId: listing.producerId,
    priceCents: listing.priceCents,
    projectFilePriceCents: listing.projectFilePriceCents,
    exclusive: listing.exclusive,
    forSale: false,
  };
}

/** The line's price in cents: the product, plus its project file when chosen and offered. */
export function linePriceCents(info: CartProductInfo, includeProjectFile: boolean): number {
  return info.priceCents + (includeProjectFile && info.projectFilePriceCents !== null ? info.projectFilePriceCents : 0);
}
