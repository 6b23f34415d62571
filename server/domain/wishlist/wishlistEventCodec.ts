import { integer, object } from 'superstruct';
import { eventCodec } from '../../eventStore/eventCodec';
import type { WishlistEvent } from './wishlistDecider';

const entry = object({ entryId: integer(), productId: integer() });

export const wishlistEventCodec = eventCodec<WishlistEvent>({ WishlistItemAdded: entry, WishlistItemRemoved: entry });
