import type { ErasedValues } from '../actionLog/personalValueScrub';
import type { AppDeps } from '../appDeps';
import { readDecodedStream } from '../domain/aggregateStream';
import { customOrderEventCodec } from '../domain/customOrder/customOrderEventCodec';
import { customOrderStreamId } from '../domain/customOrder/customOrderEvents';
import { producerEventCodec } from '../domain/producer/producerEventCodecs';
import { producerStreamId } from '../domain/producer/producerEvents';
import { userEventCodec } from '../domain/user/userEventCodec';
import { userStreamId } from '../domain/user/userEvents';
import { verificationEventCodec } from '../domain/verification/verificationEventCodec';
import { verificationStreamId } from '../domain/verification/verificationEvents';

/**
 * Everything of the person that another account's page may have shown, and so another account's
 * action log may hold: every name and address they had, their artist names and page addresses
 * (public until the erasure), their identity details, the words of their custom orders (both
 * sides') and of their reports. Read before the erasure rewrites the events and deletes the rows.
 */
export async function erasedPersonalValues(deps: AppDeps, userId: number, known: { emails: readonly string[]; producerId: number | null }): Promise<ErasedValues> {
  const texts = new Set<string>(known.emails);
  const pageAddresses = new Set<string>();
  for (const event of await readDecodedStream(deps.eventStore, userStreamId(userId), userEventCodec)) {
    if (event.type !== 'UserRegistered' && event.type !== 'UserProfileChanged') continue;
    const { firstName, lastName, socialNetwork } = event.data;
    for (const text of [firstName, lastName, `${firstName} ${lastName}`, socialNetwork]) if (text) texts.add(text);
  }
  for (const event of await readDecodedStream(deps.eventStore, verificationStreamId(userId), verificationEventCodec)) {
    if (event.type !== 'IdentityVerificationSubmitted') continue;
    texts.add(event.data.artistName);
    pageAddresses.add(event.data.shortName);
  }
  if (known.producerId !== null) {
    for (const event of await readDecodedStream(deps.eventStore, producerStreamId(known.producerId), producerEventCodec)) {
      texts.add(event.data.artistName);
      if (event.type === 'ProducerProfileCreated') pageAddresses.add(event.data.shortName);
    }
  }
  const identity = await deps.database.query.selectFrom('identity_details').select(['legal_name', 'address']).where('user_id', '=', userId).executeTakeFirst();
  if (identity) for (const text of [identity.legal_name, identity.address]) texts.add(text);
  const customOrders = await deps.database.query.selectFrom('custom_orders').select('id').where('buyer_id', '=', userId).execute();
  for (const { id } of customOrders) {
    for (const event of await readDecodedStream(deps.eventStore, customOrderStreamId(id), customOrderEventCodec)) {
      if (event.type === 'CustomOrderRequested') texts.add(event.data.brief);
      if (event.type === 'CustomOrderMessagePosted' || event.type === 'CustomOrderRevisionRequested') texts.add(event.data.text);
      if (event.type === 'CustomOrderDelivered') texts.add(event.data.message);
      if (event.type === 'CustomOrderDeclined') texts.add(event.data.reason);
    }
  }
  const reports = await deps.database.query.selectFrom('track_reports').select('details').where('user_id', '=', userId).execute();
  for (const { details } of reports) texts.add(details);
  return { texts: [...texts], pageAddresses: [...pageAddresses] };
}
