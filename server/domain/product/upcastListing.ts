import { boolean, enums, integer, is, nullable, number, string, type } from 'superstruct';
import { KEYS, SCALES } from '../../../shared/domain/catalogue/filterOptions';
import { ALL_GENRES_ID, GENRES } from '../../../shared/domain/catalogue/genres';
import { isJsonObject } from '../../eventStore/eventCodec';
import { PRODUCT_TYPES } from './productEvents';

/** ProductListed as the foundation recorded it, before the catalogue issue gave listings their filter fields. */
const ListingV1 = type({
  productId: integer(),
  name: string(),
  productType: enums(PRODUCT_TYPES),
  genre: string(),
  bpm: nullable(number()),
  key: nullable(enums(KEYS)),
  scale: nullable(enums(SCALES)),
  priceCents: integer(),
  exclusive: boolean(),
  coverImageSrc: nullable(string()),
  producer: type({ id: integer() }),
});

/**
 * Events are never rewritten, so listings recorded in an older shape are read into the current
 * one. The first shape: the genre name becomes its id, the producer its id, and the later fields
 * take their defaults. Before every beat sold once, a listing said whether it was `exclusive`;
 * the product type decides that now (`sellsOnce`), so the flag is read past and dropped. What is
 * no listing at all is left for the schema to refuse.
 */
export function upcastListing(data: unknown): unknown {
  const current = is(data, ListingV1) ? fromFirstShape(data) : data;
  if (!isJsonObject(current) || !('exclusive' in current)) return current;
  const { exclusive: _decidedByProductType, ...listing } = current;
  return listing;
}

function fromFirstShape(data: typeof ListingV1.TYPE) {
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
