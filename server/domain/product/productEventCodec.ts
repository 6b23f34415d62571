import { array, boolean, enums, integer, nullable, number, object, string } from 'superstruct';
import { KEYS, SAMPLE_TYPES, SCALES, VOCAL_GENDERS, VOCAL_TYPES } from '../../../shared/domain/catalogue/filterOptions';
import { eventCodec } from '../../eventStore/eventCodec';
import { PRODUCT_TYPES, type ProductEvent } from './productEvents';
import { upcastListing } from './upcastListing';

const values = <Value extends string>(options: readonly { value: Value }[]) => options.map((option) => option.value);

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
  preview: nullable(object({ src: string(), durationSeconds: number(), peaks: array(number()) })),
});

const held = object({ productId: integer(), orderId: string() });

export const productEventCodec = eventCodec<ProductEvent>(
  {
    ProductListed: ProductListingSchema,
    ProductPriceChanged: object({ productId: integer(), priceCents: integer() }),
    ProductSold: held,
    ProductSaleReverted: held,
    ProductDelisted: object({ productId: integer() }),
    ProductReserved: object({ productId: integer(), orderId: string(), until: string() }),
    ProductReservationReleased: held,
  },
  { ProductListed: upcastListing },
);
