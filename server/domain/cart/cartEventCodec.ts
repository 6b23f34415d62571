import { boolean, enums, integer, object } from 'superstruct';
import { eventCodec } from '../../eventStore/eventCodec';
import type { CartEvent } from './cartEvents';

const line = object({ productId: integer(), includeProjectFile: boolean() });

export const cartEventCodec = eventCodec<CartEvent>({
  CartItemAdded: line,
  CartItemProjectFileChanged: line,
  CartItemRemoved: object({ productId: integer() }),
  CartCleared: object({ reason: enums(['cleared', 'merged']) }),
});
