import type { AppDeps } from '../appDeps';
import { aggregateStream } from '../domain/aggregateStream';
import { handleCommand } from '../domain/commandHandler';
import { type Decider, DomainError } from '../domain/decider';
import type { OrderPlacement } from '../domain/order/orderEvents';
import type { ProductType } from '../domain/product/productEvents';
import { userDecider } from '../domain/user/userDecider';
import { userEventCodec } from '../domain/user/userEventCodec';
import { type UserEvent, userStreamId } from '../domain/user/userEvents';

export const ALREADY_PRO = 'You are already a PRO member';
export const ALREADY_BEING_BOUGHT = 'Your PRO membership is already being paid for in another order. Complete or cancel that payment first. You were not charged.';

/**
 * Why a buyer cannot have the PRO membership now: the feature is off (SPEC §1; the product is then
 * as unknown as /pro-membership), or they are PRO already and would pay twice.
 */
export function proMembershipRefusal(deps: Pick<AppDeps, 'config'>, productType: ProductType, buyer: { isProBuyer: boolean } | null): 'off' | 'owned' | null {
  if (productType !== 'promembership') return null;
  if (!deps.config.features.proMembership) return 'off';
  return buyer?.isProBuyer ? 'owned' : null;
}

/** Whether the buyer is PRO now, from their stream (the users read model may lag behind a purchase). */
export async function isProBuyerNow(deps: AppDeps, userId: number): Promise<boolean> {
  const { state } = await aggregateStream(deps.eventStore, userStreamId(userId), userDecider);
  return state.status === 'registered' && state.isProBuyer;
}

interface MembershipState {
  isProBuyer: boolean;
  /** The order whose payment made the buyer PRO, so that completing it again changes nothing. */
  grantedBy: string | null;
}

type MembershipCommand = { type: 'GrantProMembership'; userId: number; orderId: string };

/**
 * The PRO membership as the user stream holds it, with the granting order in the event's
 * metadata. Two orders paid at once (two servers, two tabs) meet the stream's optimistic
 * concurrency: one grants, the other finds the buyer PRO and is refunded.
 */
const membershipDecider: Decider<MembershipState, MembershipCommand, UserEvent> = {
  codec: userEventCodec,
  initialState: () => ({ isProBuyer: false, grantedBy: null }),
  decide(command, state) {
    if (state.isProBuyer && state.grantedBy === command.orderId) return [];
    if (state.isProBuyer) throw new DomainError(ALREADY_PRO);
    return [{ type: 'ProBuyerStatusChanged', data: { userId: command.userId, isProBuyer: true } }];
  },
  evolve(state, event) {
    if (event.type !== 'ProBuyerStatusChanged') return state;
    const orderId = event.metadata?.orderId;
    return { isProBuyer: event.data.isProBuyer, grantedBy: event.data.isProBuyer && typeof orderId === 'string' ? orderId : null };
  },
};

/** Makes the buyer of a paid order PRO; the reason to refund when another order made them PRO first. */
export async function grantProMembership(deps: AppDeps, placement: OrderPlacement): Promise<{ refusal: string | null; lastPosition: number }> {
  if (!placement.lines.some((line) => line.productType === 'promembership')) return { refusal: null, lastPosition: 0 };
  const { orderId, userId } = placement;
  try {
    const { position } = await handleCommand(deps.eventStore, userStreamId(userId), membershipDecider, { type: 'GrantProMembership', userId, orderId }, { metadata: { orderId } });
    return { refusal: null, lastPosition: position };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { refusal: `${ALREADY_PRO}, so this order was not needed. Your payment has been refunded.`, lastPosition: 0 };
  }
}
