import type { MusicalKey, SampleType, Scale, VocalGender, VocalType } from '../../../shared/domain/catalogue/filterOptions';
import type { BeatDetails } from '../../../shared/schemas/studio';
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
export const sellsOnce = (productType: string) => productType === 'track';

export type ProductListed = NewEvent<'ProductListed', ProductListing>;
export type ProductPriceChanged = NewEvent<'ProductPriceChanged', { productId: number; priceCents: number }>;
export type ProductSold = NewEvent<'ProductSold', { productId: number; orderId: string }>;
export type ProductDelisted = NewEvent<'ProductDelisted', { productId: number }>;
/**
 * A sale undone: another line of the same order could not be had, so the whole order was refunded
 * before delivery; or an admin refunded the order before its beat was ever downloaded. The beat
 * is for sale again.
 */
export type ProductSaleReverted = NewEvent<'ProductSaleReverted', { productId: number; orderId: string }>;
/** A beat held for an order while it is paid for, so a second buyer is refused before paying. */
export type ProductReserved = NewEvent<'ProductReserved', { productId: number; orderId: string; until: string }>;
export type ProductReservationReleased = NewEvent<'ProductReservationReleased', { productId: number; orderId: string }>;
/** Where an upload's files are kept in media storage: the master and stems stay private. */
export interface SubmissionFiles {
  master: string;
  stems: string | null;
  cover: string | null;
}

/** A beat a producer uploaded in the studio; it waits for processing, then for a moderator. */
export interface BeatSubmission {
  productId: number;
  producerId: number;
  details: BeatDetails;
  files: SubmissionFiles;
}

/** What processing read and made of an upload. */
export interface ProcessedBeat {
  productId: number;
  master: { format: string; durationSeconds: number; sampleRate: number; channels: number };
  preview: ProductPreview;
  coverImageSrc: string | null;
}

export type ProductSubmitted = NewEvent<'ProductSubmitted', BeatSubmission>;
export type ProductProcessed = NewEvent<'ProductProcessed', ProcessedBeat>;
/** The upload is not audio we take, or is damaged: `message` is for the producer. Nothing is listed. */
export type ProductProcessingFailed = NewEvent<'ProductProcessingFailed', { productId: number; message: string }>;
/** A moderator's approval (`by`); the ProductListed that follows puts the beat in the shop. */
export type ProductApproved = NewEvent<'ProductApproved', { productId: number; by: number }>;
export type ProductRejected = NewEvent<'ProductRejected', { productId: number; by: number; reason: string }>;
/** The producer changed what they state about a beat that is not listed (yet). */
export type ProductDetailsChanged = NewEvent<'ProductDetailsChanged', { productId: number; details: BeatDetails }>;
/** The producer changed a listed beat: the whole listing as it now is. */
export type ProductListingChanged = NewEvent<'ProductListingChanged', ProductListing>;
/**
 * The shop holds a listed, unsold product back while its producer is blocked: out of the
 * catalogue, search and carts' totals, not for sale; ProductRestored puts the same listing back.
 */
export type ProductWithheld = NewEvent<'ProductWithheld', { productId: number }>;
export type ProductRestored = NewEvent<'ProductRestored', ProductListing>;
export type ProductEvent =
  | ProductSubmitted
  | ProductProcessed
  | ProductProcessingFailed
  | ProductApproved
  | ProductRejected
  | ProductDetailsChanged
  | ProductListingChanged
  | ProductListed
  | ProductPriceChanged
  | ProductSold
  | ProductSaleReverted
  | ProductDelisted
  | ProductReserved
  | ProductReservationReleased
  | ProductWithheld
  | ProductRestored;

export const PRODUCT_EVENT_TYPES = [
  'ProductListed',
  'ProductListingChanged',
  'ProductPriceChanged',
  'ProductSold',
  'ProductSaleReverted',
  'ProductDelisted',
  'ProductWithheld',
  'ProductRestored',
] as const satisfies readonly ProductEvent['type'][];

export const productStreamId = (productId: number) => `product-${productId}`;
