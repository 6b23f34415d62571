import type { MusicalKey, SampleType, Scale, VocalGender, VocalType } from '../../../shared/domain/catalogue/filterOptions';
import type { NewEvent } from '../../eventStore/eventStore';

export const PRODUCT_TYPES = ['track', 'samplepack', 'edmcontacts', 'promembership'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** The preview a buyer hears: where it is served, how long it runs, and its waveform. */
export interface ProductPreview {
  src: string;
  durationSeconds: number;
  /** Peak amplitudes 0..1, evenly spaced over the preview. */
  peaks: number[];
}

/** Everything a producer states when listing a product; the catalogue read model is built from it. */
export interface ProductListing {
  productId: number;
  producerId: number;
  name: string;
  productType: ProductType;
  /** Ids from shared GENRES, first one is the main genre; never 0 ("All genres"). */
  genreIds: number[];
  /** Ids from shared MOODS. */
  moodIds: number[];
  /** Lowercased. */
  tags: string[];
  bpm: number | null;
  key: MusicalKey | null;
  scale: Scale | null;
  vocalType: VocalType | null;
  samplesType: SampleType | null;
  vocalGender: VocalGender | null;
  categories: { isNew: boolean; isSuperSale: boolean; isPremium: boolean };
  priceCents: number;
  /** Added to the price when the buyer takes the project file; null when none is offered. */
  projectFilePriceCents: number | null;
  coverImageSrc: string | null;
  preview: ProductPreview | null;
}

/**
 * SPEC §6: the buyer of a beat owns its full copyright, so a beat (type `track`) sells exactly
 * once; sample packs, the EDM contacts list and the PRO membership sell to every buyer.
 */
export const sellsOnce = (productType: ProductType) => productType === 'track';

export type ProductListed = NewEvent<'ProductListed', ProductListing>;
export type ProductPriceChanged = NewEvent<'ProductPriceChanged', { productId: number; priceCents: number }>;
export type ProductSold = NewEvent<'ProductSold', { productId: number; orderId: string }>;
export type ProductDelisted = NewEvent<'ProductDelisted', { productId: number }>;
/**
 * A sale undone before delivery: another line of the same order could not be had, so the whole
 * order was refunded and the beat is for sale again.
 */
export type ProductSaleReverted = NewEvent<'ProductSaleReverted', { productId: number; orderId: string }>;
/** A beat held for an order while it is paid for, so a second buyer is refused before paying. */
export type ProductReserved = NewEvent<'ProductReserved', { productId: number; orderId: string; until: string }>;
export type ProductReservationReleased = NewEvent<'ProductReservationReleased', { productId: number; orderId: string }>;
export type ProductEvent =
  | ProductListed
  | ProductPriceChanged
  | ProductSold
  | ProductSaleReverted
  | ProductDelisted
  | ProductReserved
  | ProductReservationReleased;

export const PRODUCT_EVENT_TYPES = [
  'ProductListed',
  'ProductPriceChanged',
  'ProductSold',
  'ProductSaleReverted',
  'ProductDelisted',
] as const satisfies readonly ProductEvent['type'][];

export const productStreamId = (productId: number) => `product-${productId}`;
