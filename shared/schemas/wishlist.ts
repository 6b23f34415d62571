import { array, type Infer, number, object } from 'superstruct';

/** SPEC §3 "Wishlist entry"; GET /wishlist answers the list, POST /wishlist/{productId} the new entry. */
export const WishlistEntrySchema = object({ id: number(), productId: number() });
export type WishlistEntry = Infer<typeof WishlistEntrySchema>;
export const WishlistSchema = array(WishlistEntrySchema);
