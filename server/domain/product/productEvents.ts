import type { NewEvent } from '../../eventStore/eventStore';

export type ProductType = 'track' | 'samplepack' | 'edmcontacts' | 'promembership';

export interface ProductListing {
  productId: number;
  name: string;
  productType: ProductType;
  genre: string;
  bpm: number | null;
  key: string | null;
  scale: 'minor' | 'major' | null;
  priceCents: number;
  exclusive: boolean;
  coverImageSrc: string | null;
  previewTrackSrc: string | null;
  producer: { id: number; artistName: string; producerUrl: string };
}

export type ProductListed = NewEvent<'ProductListed', ProductListing>;
export type ProductSold = NewEvent<'ProductSold', { productId: number; orderId: string }>;
export type ProductEvent = ProductListed | ProductSold;

export const PRODUCT_EVENT_TYPES = ['ProductListed', 'ProductSold'] as const satisfies readonly ProductEvent['type'][];

export const productStreamId = (productId: number) => `product-${productId}`;
