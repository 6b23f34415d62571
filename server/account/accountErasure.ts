import type { Transaction } from 'kysely';
import type { AppDeps } from '../appDeps';
import type { AccountSession } from '../auth/sessions';
import type { Tables } from '../db/schema';
import { readDecodedStream } from '../domain/aggregateStream';
import { handleCommand } from '../domain/commandHandler';
import { DomainError } from '../domain/decider';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import { followsStreamId, producerStreamId } from '../domain/producer/producerEvents';
import { producerEventCodec } from '../domain/producer/producerEventCodecs';
import { eraseNamesFromAnalytics } from '../analytics/analyticsErasure';
import { orderStreamId } from '../domain/order/orderEvents';
import { userCartStreamId } from '../domain/cart/cartEvents';
import { userDecider } from '../domain/user/userDecider';
import { userEventCodec } from '../domain/user/userEventCodec';
import { userStreamId } from '../domain/user/userEvents';
import { verificationStreamId } from '../domain/verification/verificationEvents';
import { wishlistStreamId } from '../domain/wishlist/wishlistDecider';
import type { RequestContext } from '../http/endpoint';
import { withdrawOffer } from '../producers/producerOffers';
import { producerIdOf } from '../producers/producerOfAccount';
import { deleteAvatarFiles } from './avatarImage';
import { erasedPersonalValues } from './erasedPersonalValues';
import { checkCurrentPassword } from './currentPassword';
import { deleteStreams, ERASED, redactStreams } from './eventRedaction';
import { reissueContractsOfErasedAccount } from '../contracts/issueContracts';
import { contractStreamId } from '../domain/contract/contractEvents';
import { customOrderEventCodec } from '../domain/customOrder/customOrderEventCodec';
import { customOrderStreamId } from '../domain/customOrder/customOrderEvents';

/** What the account left behind that the erasure must find: every address and picture it ever had. */
interface Footprint {
  userId: number;
  emails: string[];
  avatarSrcs: string[];
  producerId: number | null;
  /** Every artist name the account sold under. */
  artistNames: string[];
}

async function footprintOf(deps: AppDeps, userId: number): Promise<Footprint> {
  const history = await readDecodedStream(deps.eventStore, userStreamId(userId), userEventCodec);
  const emails = new Set<string>();
  const avatarSrcs = new Set<string>();
  for (const event of history) {
    if (event.type === 'UserRegistered' || event.type === 'EmailChanged') emails.add(event.data.email);
    if (event.type === 'UserAvatarChanged' && event.data.avatarSrc !== null) avatarSrcs.add(event.data.avatarSrc);
  }
  const credentials = await deps.database.query.selectFrom('user_credentials').select('email').where('user_id', '=', userId).executeTakeFirst();
  if (credentials) emails.add(credentials.email);
  const pending = await deps.database.query.selectFrom('account_tokens').select('new_email').where('user_id', '=', userId).execute();
  for (const { new_email } of pending) if (new_email !== null) emails.add(new_email);
  const producerId = await producerIdOf(deps, userId);
  const artistNames =
    producerId === null
      ? []
      : (await readDecodedStream(deps.eventStore, producerStreamId(producerId), producerEventCodec)).flatMap((event) =>
          event.type === 'ProducerProfileCreated' || event.type === 'ProducerProfileChanged' ? [event.data.artistName] : [],
        );
  return { userId, emails: [...emails], avatarSrcs: [...avatarSrcs], producerId, artistNames };
}

/**
 * A producer's beats and offers leave the shop before the account goes: listed unsold beats are
 * delisted, ones still waiting for moderation withdrawn, offers withdrawn. Sold beats stay sold;
 * their orders are the buyers'.
 */
async function takeBeatsOffSale(deps: AppDeps, producerId: number): Promise<void> {
  const listed = await deps.database.query.selectFrom('catalogue_products').select('id').where('producer_id', '=', producerId).where('is_sold', '=', 0).execute();
  const waiting = await deps.database.query
    .selectFrom('studio_products')
    .select('product_id')
    .where('producer_id', '=', producerId)
    .where('status', 'in', ['pending', 'rejected', 'failed'])
    .execute();
  const ignoreRefusal = (error: unknown) => {
    // A beat sold or changed meanwhile is no longer ours to take down; the rest still goes.
    if (!(error instanceof DomainError)) throw error;
  };
  for (const { id } of listed) {
    await handleCommand(deps.eventStore, productStreamId(id), productDecider, { type: 'DelistProduct', productId: id }).catch(ignoreRefusal);
  }
  for (const { product_id: productId } of waiting) {
    await handleCommand(deps.eventStore, productStreamId(productId), productDecider, { type: 'WithdrawProduct', productId, producerId }).catch(ignoreRefusal);
  }
  // Their own custom services go with them: no one can order work from a deleted account.
  const offers = await deps.database.query.selectFrom('producer_offers').select('offer_id').where('producer_id', '=', producerId).where('live', '=', 1).execute();
  for (const { offer_id: offerId } of offers) await withdrawOffer(deps, producerId, Number(offerId));
}

/** Rows that name the user, by id or by any address they had, in tables the shop does not need them in. */
async function deletePersonalRows(tx: Transaction<Tables>, { userId, emails }: Footprint): Promise<void> {
  const byEmail = emails.length > 0 ? emails : [''];
  await tx.deleteFrom('user_credentials').where('user_id', '=', userId).execute();
  await tx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await tx.deleteFrom('session_activity').where('user_id', '=', userId).execute();
  await tx.deleteFrom('account_tokens').where('user_id', '=', userId).execute();
  await tx.deleteFrom('known_devices').where('user_id', '=', userId).execute();
  await tx.deleteFrom('identity_details').where('user_id', '=', userId).execute();
  await tx.deleteFrom('commerce_order_requests').where('user_id', '=', userId).execute();
  await tx.deleteFrom('users').where('id', '=', userId).execute();
  await tx.deleteFrom('login_failures').where('email', 'in', byEmail).execute();
  await tx.deleteFrom('account_mail_log').where('recipient', 'in', byEmail).execute();
  await tx.deleteFrom('mail_outbox').where('to_address', 'in', byEmail).execute();
  await tx.deleteFrom('newsletter_subscribers').where('email', 'in', byEmail).execute();
  await tx.deleteFrom('contact_messages').where((eb) => eb.or([eb('user_id', '=', userId), eb('email', 'in', byEmail)])).execute();
  await tx.deleteFrom('track_reports').where((eb) => eb.or([eb('user_id', '=', userId), eb('email', 'in', byEmail)])).execute();
  const follows = await tx.deleteFrom('producer_follows').where('user_id', '=', userId).returning('producer_id').execute();
  for (const { producer_id: producerId } of follows) {
    await tx
      .updateTable('catalogue_producers')
      .set((eb) => ({ followers: eb('followers', '-', 1) }))
      .where('id', '=', producerId)
      .execute();
  }
}

/** Read models that keep a row for accounting (the producer behind sold beats) keep it without the person. */
async function redactReadModels(tx: Transaction<Tables>, { userId, producerId }: Footprint): Promise<void> {
  await tx
    .updateTable('producer_verifications')
    .set({ artist_name: ERASED.artistName, short_name: ERASED.shortName(userId), country: '', reason: null })
    .where('user_id', '=', userId)
    .execute();
  if (producerId !== null) {
    await tx
      .updateTable('catalogue_producers')
      .set({ artist_name: ERASED.artistName, short_name: ERASED.shortName(userId), avatar_src: null })
      .where('id', '=', producerId)
      .execute();
  }
}

/** The files delivered for these custom orders: made for the buyer alone, and nobody can fetch them once the account is gone. */
async function customOrderFileKeys(deps: AppDeps, customOrderIds: readonly string[]): Promise<string[]> {
  const keys: string[] = [];
  for (const id of customOrderIds) {
    for (const event of await readDecodedStream(deps.eventStore, customOrderStreamId(id), customOrderEventCodec)) {
      if (event.type === 'CustomOrderDelivered') keys.push(...event.data.files.map((file) => file.key));
    }
  }
  return keys;
}

/**
 * "Delete my account" (issue 15): confirmed with the password. The sessions end and the
 * credentials go first, so nothing more happens in the account's name; AccountErased closes its
 * account streams and tells event consumers. Then, in one transaction: the personal rows of every
 * table are deleted, the personal fields of the events that stay (user, verification, producer
 * profile, orders, custom orders, the contracts of beats they sold) are rewritten (eventRedaction.ts
 * says why), the streams with nothing to keep (cart, wishlist, follows) are deleted, and the shop's
 * mails about their custom orders go. Last, their licence contracts, as buyer or producer, are made
 * again without their name, and the files delivered to them are deleted. The email is free to
 * register again.
 */
export async function eraseAccount(deps: AppDeps, session: AccountSession, context: RequestContext, currentPassword: string): Promise<void> {
  await checkCurrentPassword(deps, session, context, currentPassword);
  const userId = session.user.id;
  const footprint = await footprintOf(deps, userId);
  const shownToOthers = await erasedPersonalValues(deps, userId, footprint);
  const now = deps.clock.now().getTime();
  await deps.database.transaction(async (tx) => {
    await tx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    await tx.deleteFrom('user_credentials').where('user_id', '=', userId).execute();
  });
  if (footprint.producerId !== null) await takeBeatsOffSale(deps, footprint.producerId);
  const { position } = await handleCommand(deps.eventStore, userStreamId(userId), userDecider, { type: 'Erase', userId });
  // The projections see every event up to the erasure before their rows are cleaned, so none writes a name back.
  await deps.projector.waitFor(position);
  await deps.analytics.projector.catchUp();
  const orders = await deps.database.query.selectFrom('commerce_orders').select('order_id').where('user_id', '=', userId).execute();
  const customOrders = await deps.database.query.selectFrom('custom_orders').select('id').where('buyer_id', '=', userId).execute();
  const deliveredFiles = await customOrderFileKeys(deps, customOrders.map((order) => order.id));
  const soldContracts =
    footprint.producerId === null
      ? []
      : await deps.database.query.selectFrom('licence_contracts').select('contract_id').where('producer_id', '=', footprint.producerId).execute();
  await deps.database.transaction(async (tx) => {
    await deletePersonalRows(tx, footprint);
    await redactReadModels(tx, footprint);
    await eraseNamesFromAnalytics(tx, footprint.artistNames, ERASED.artistName);
    await redactStreams(
      tx,
      deps.database,
      [
        userStreamId(userId),
        verificationStreamId(userId),
        ...(footprint.producerId === null ? [] : [producerStreamId(footprint.producerId)]),
        ...orders.map((order) => orderStreamId(order.order_id)),
        ...customOrders.map((order) => customOrderStreamId(order.id)),
        ...soldContracts.map((contract) => contractStreamId(contract.contract_id)),
      ],
      userId,
    );
    await deleteStreams(tx, [userCartStreamId(userId), wishlistStreamId(userId), followsStreamId(userId)]);
    // The shop's own mails about the person's custom orders quote the buyer's words; each names its order.
    for (const { id } of customOrders) await tx.deleteFrom('mail_outbox').where('text', 'like', `%${id}%`).execute();
  });
  // The logs live apart from the shop's tables (on SQLite in a file of their own): deleted once the
  // account's rows are; then the person leaves the logs of the accounts whose pages showed them.
  await deps.actionLogs.eraseUser(userId);
  await deps.actionLogs.scrubPersonalValues(shownToOthers);
  await reissueContractsOfErasedAccount(deps, userId, footprint.producerId, ERASED.artistName);
  await Promise.all([
    ...footprint.avatarSrcs.map((src) => deleteAvatarFiles(deps.media, userId, src)),
    ...deliveredFiles.map((key) => deps.media.delete(key)),
  ]);
}
