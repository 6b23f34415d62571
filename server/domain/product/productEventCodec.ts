import { array, boolean, enums, integer, nullable, number, object, string } from 'superstruct';
import { KEYS, SAMPLE_TYPES, SCALES, VOCAL_GENDERS, VOCAL_TYPES } from '../../../shared/domain/catalogue/filterOptions';
import { eventCodec } from '../../eventStore/eventCodec';
import { PRODUCT_TYPES, type ProductEvent } from './productEvents';
import { upcastListing } from './upcastListing';

const values = <Value extends string>(options: readonly { value: Value }[]) => options.map((option) => option.value);

const PreviewSchema = object({ src: string(), durationSeconds: number(), peaks: array(number()) });

const ProductListingSchema = object({
  productId: integer(),
  producerId: integer(),
  name: string(),
  productType: enums(PRODUCT_TYPES),
  genreIds: array(integer()),
  moodIds: array(integer()),
  tags: array(string()),
  bpm: nullable(number()),
  key: nullable(enums(KEYS)),
  scale: nullable(enums(SCALES)),
  vocalType: nullable(enums(values(VOCAL_TYPES))),
  samplesType: nullable(enums(values(SAMPLE_TYPES))),
  vocalGender: nullable(enums(VOCAL_GENDERS)),
  categories: object({ isNew: boolean(), isSuperSale: boolean(), isPremium: boolean() }),
  priceCents: integer(),
  projectFilePriceCents: nullable(integer()),
  coverImageSrc: nullable(string()),
  preview: nullable(PreviewSchema),
});

const held = object({ productId: integer(), orderId: string() });

/**
 * Stored details are checked for shape only: the studio's form rules (shared/schemas/studio.ts)
 * may tighten later, and an event kept under older rules must still be read.
 */
const StoredBeatDetailsSchema = object({
  name: string(),
  genreIds: array(integer()),
  moodIds: array(integer()),
  tags: array(string()),
  bpm: number(),
  key: nullable(enums(KEYS)),
  scale: nullable(enums(SCALES)),
  vocalType: enums(values(VOCAL_TYPES)),
  samplesType: enums(values(SAMPLE_TYPES)),
  priceCents: integer(),
  stemsPriceCents: nullable(integer()),
  previewStartSeconds: number(),
});

export const productEventCodec = eventCodec<ProductEvent>(
  {
    ProductSubmitted: object({
      productId: integer(),
      producerId: integer(),
      details: StoredBeatDetailsSchema,
      files: object({ master: string(), stems: nullable(string()), cover: nullable(string()) }),
    }),
    ProductProcessed: object({
      productId: integer(),
      master: object({ format: string(), durationSeconds: number(), sampleRate: integer(), channels: integer() }),
      preview: PreviewSchema,
      coverImageSrc: nullable(string()),
    }),
    ProductProcessingFailed: object({ productId: integer(), message: string() }),
    ProductApproved: object({ productId: integer(), by: integer() }),
    ProductRejected: object({ productId: integer(), by: integer(), reason: string() }),
    ProductDetailsChanged: object({ productId: integer(), details: StoredBeatDetailsSchema }),
    ProductListingChanged: ProductListingSchema,
    ProductListed: ProductListingSchema,
    ProductPriceChanged: object({ productId: integer(), priceCents: integer() }),
    ProductSold: held,
    ProductSaleReverted: held,
    ProductDelisted: object({ productId: integer() }),
    ProductReserved: object({ productId: integer(), orderId: string(), until: string() }),
    ProductReservationReleased: held,
    ProductWithheld: object({ productId: integer() }),
    ProductRestored: ProductListingSchema,
  },
  { ProductListed: upcastListing, ProductListingChanged: upcastListing, ProductRestored: upcastListing },
);
