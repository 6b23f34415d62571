import { ALL_GENRES_ID, GENRES } from '../../../shared/domain/catalogue/genres';
import type { ProductListing } from './productEvents';

/** ProductListed as the foundation recorded it, before the catalogue issue gave listings their filter fields. */
interface ListingV1 {
  productId: number;
  name: string;
  productType: ProductListing['productType'];
  genre: string;
  bpm: number | null;
  key: ProductListing['key'];
  scale: ProductListing['scale'];
  priceCents: number;
  exclusive: boolean;
  coverImageSrc: string | null;
  previewTrackSrc: string | null;
  producer: { id: number };
}

/**
 * ProductListed before every beat sold once: a listing said whether it was `exclusive`. The
 * product type decides that now (`sellsOnce`), so the flag is read past and dropped.
 */
type ListingV2 = ProductListing & { exclusive: boolean };

export type StoredListing = ProductListing | ListingV2 | ListingV1;

/**
 * Events are never rewritten, so listings recorded in an older shape are read into the current
 * one: the genre name becomes its id, the producer its id, the new fields take their defaults,
 * and the `exclusive` flag goes.
 */
export function upcastListing(data: StoredListing): ProductListing {
  if ('genre' in data) {
    const genre = GENRES.find((candidate) => candidate.id !== ALL_GENRES_ID && candidate.name === data.genre);
    return {
      productId: data.productId,
      producerId: data.producer.id,
      name: data.name,
      productType: data.productType,
      genreIds: genre ? [genre.id] : [],
      moodIds: [],
      tags: [],
      bpm: data.bpm,
      key: data.key,
      scale: data.scale,
      vocalType: null,
      samplesType: null,
      vocalGender: null,
      categories: { isNew: false, isSuperSale: false, isPremium: false },
      priceCents: data.priceCents,
      projectFilePriceCents: null,
      coverImageSrc: data.coverImageSrc,
      preview: null,
    };
  }
  if (!('exclusive' in data)) return data;
  const { exclusive: _decidedByProductType, ...listing } = data;
  return listing;
}
