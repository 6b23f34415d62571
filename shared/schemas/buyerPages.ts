import { array, type Infer, integer, min, nullable, object, string } from 'superstruct';
import { TrackSchema } from './track';

/** A producer the member follows, as `Following` lists them. */
export const FollowedProducerSchema = object({
  id: integer(),
  artistName: string(),
  /** The producer page's address: `/{shortName}`. */
  shortName: string(),
  avatarSrc: nullable(string()),
  /** Beats (product type `track`) the producer has in the shop. */
  beats: min(integer(), 0),
});
export type FollowedProducer = Infer<typeof FollowedProducerSchema>;

/** GET /dashboard/following: whom the member follows, by name. */
export const FollowingSchema = object({ producers: array(FollowedProducerSchema) });

/** GET /dashboard/wishlist: the wishlist's products as the storefront's cards show them, the latest added first. */
export const WishlistPageSchema = object({ tracks: array(TrackSchema) });

/** One of the member's own orders, to pick on the Support page; money in cents. */
export const SupportOrderSchema = object({
  id: string(),
  placedAt: string(),
  totalCents: integer(),
});
export type SupportOrder = Infer<typeof SupportOrderSchema>;

/** GET /dashboard/support/orders: every order of the member's, newest first. */
export const SupportOrdersSchema = object({ orders: array(SupportOrderSchema) });
