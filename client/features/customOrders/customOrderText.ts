import { CUSTOM_ORDER_STATE_LABELS, type CustomOrderState } from '../../../shared/schemas/customOrders';

/** The buyer's words for a state; the seller reads the same words, except that the wait is theirs. */
export const stateLabel = (state: CustomOrderState, viewer: 'buyer' | 'seller' | 'staff' = 'buyer') =>
  viewer === 'seller' && state === 'waiting' ? 'Waiting for you' : CUSTOM_ORDER_STATE_LABELS[state];

/** The status tag's colour class: done, stopped, or under way. */
export function stateTone(state: CustomOrderState): 'paid' | 'failed' | 'pending' {
  if (state === 'completed' || state === 'delivered') return 'paid';
  if (state === 'declined' || state === 'payment_failed') return 'failed';
  return 'pending';
}

export const formatBytes = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);
