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
        genres: product.genres,
        samplePack: product.samplePack,
        bpm: product.bpm,
        key: product.key,
        scale: product.scale,
        coverImageSrc: product.coverImageSrc,
        previewTrackSrc: product.previewTrackSrc,
        previewTrackDuration: product.previewTrackDuration,
        finalPrice: product.finalPrice,
        projectFilePrice: product.projectFilePrice,
        isSold: product.isSold,
        producer: product.producer,
      },
      producerId: product.producer.id,
      priceCents: Number(row.price_cents),
      projectFilePriceCents: row.project_file_price_cents === null ? null : Number(row.project_file_price_cents),
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
  return state.status === 'listed' || state.status === 'delisted' || state.status === 'withheld' ? state.listing : null;
}

async function delistedInfo(deps: AppDeps, listing: ProductListing): Promise<CartProductInfo> {
  const producer = await deps.database.query
    .selectFrom('catalogue_producers')
    .select(['artist_name', 'short_name', 'avatar_src'])
    .where('id', '=', listing.producerId)
    .executeTakeFirst();
  const samplePack = listing.productType === 'samplepack';
  const genres = listing.genreIds.flatMap((id) => {
    const known = genreById(id);
    return known ? [{ id: known.id, name: known.name, color: known.color }] : [];
  });
  return {
    product: {
      id: listing.productId,
      name: listing.name,
      productType: listing.productType,
      genre: samplePack ? 'Sample Pack' : genres.map((known) => known.name).join(' / '),
      genres,
      samplePack,
      bpm: listing.bpm,
      key: listing.key,
      scale: listing.scale,
      coverImageSrc: listing.coverImageSrc,
      previewTrackSrc: listing.preview?.src ?? null,
      previewTrackDuration: listing.preview?.durationSeconds ?? null,
      finalPrice: listing.priceCents / 100,
      projectFilePrice: listing.projectFilePriceCents === null ? null : listing.projectFilePriceCents / 100,
      isSold: false,
      producer: {
        id: listing.producerId,
        artistName: producer?.artist_name ?? '',
        producerUrl: producer?.short_name ?? '',
        avatarSrc: producer?.avatar_src ?? null,
      },
    },
    producerId: listing.producerId,
    priceCents: listing.priceCents,
    projectFilePriceCents: listing.projectFilePriceCents,
    forSale: false,
  };
}

/** The line's price in cents: the product, plus its project file when chosen and offered. */
export function linePriceCents(info: CartProductInfo, includeProjectFile: boolean): number {
  return info.priceCents + (includeProjectFile && info.projectFilePriceCents !== null ? info.projectFilePriceCents : 0);
}
