import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { Tables } from '../db/schema';
import { isJsonObject } from '../eventStore/eventCodec';

/** What an erased account's name fields read from now on, in events and read models alike. */
export const ERASED = {
  email: (userId: number) => `erased-${userId}@erased.invalid`,
  artistName: 'Deleted producer',
  shortName: (userId: number) => `deleted-${userId}`,
} as const;

/**
 * The personal fields of each event type, and what they become when the account is erased.
 *
 * Why rewrite rather than crypto-shred: the events already written hold these fields in clear
 * text, so shredding would have had to rewrite every one of them once anyway, and then put a
 * decryption step in front of every reader on both databases for ever after. Rewriting the few
 * personal fields in place, in the erasure's transaction, keeps every reader and projection as
 * it is; the events keep their type, position, version and every accounting field (amounts,
 * lines, the numeric user id as a pseudonym). AccountErased records that it happened, for any
 * consumer holding copies. An event type that gains a personal field must be listed here; the
 * erasure scan (server/account/accountErasure.int.test.ts) fails otherwise.
 */
const PERSONAL_FIELDS: Readonly<Record<string, (userId: number) => Record<string, unknown>>> = {
  UserRegistered: (userId) => ({ email: ERASED.email(userId), firstName: '', lastName: '', country: '', countryShortName: '', socialNetwork: null }),
  UserProfileChanged: () => ({ firstName: '', lastName: '', country: '', countryShortName: '', socialNetwork: null }),
  EmailChanged: (userId) => ({ email: ERASED.email(userId) }),
  UserAvatarChanged: () => ({ avatarSrc: null }),
  IdentityVerificationSubmitted: (userId) => ({ artistName: ERASED.artistName, shortName: ERASED.shortName(userId), country: '' }),
  IdentityVerificationRejected: () => ({ reason: '' }),
  ProducerProfileCreated: (userId) => ({ artistName: ERASED.artistName, shortName: ERASED.shortName(userId), avatarSrc: null }),
  ProducerProfileChanged: () => ({ artistName: ERASED.artistName, avatarSrc: null }),
  OrderPlaced: () => ({ shippingAddress: null }),
  // A contract the person sold keeps the sale; its producer's public name goes (the contract is made again, issueContracts.ts).
  LicenceContractIssued: () => ({ producerName: ERASED.artistName }),
  // A custom order's thread is about the buyer: its free text goes from both sides; service, price and dates stay.
  CustomOrderRequested: () => ({ brief: '' }),
  CustomOrderMessagePosted: () => ({ text: '' }),
  CustomOrderRevisionRequested: () => ({ text: '' }),
  CustomOrderDelivered: () => ({ message: '' }),
  CustomOrderDeclined: () => ({ reason: '' }),
};

/** Stored JSON as the database gives it back: parsed on PostgreSQL (jsonb), text on SQLite. */
function parseStored(value: unknown): unknown {
  return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}

/**
 * Rewrites the personal fields of every event in these streams, and drops their metadata (the
 * storefront's tracking id links the orders to a browser). Returns how many events changed.
 */
export async function redactStreams(tx: Transaction<Tables>, database: Database, streamIds: readonly string[], userId: number): Promise<number> {
  if (streamIds.length === 0) return 0;
  const rows = await tx.selectFrom('events').select(['position', 'type', 'data', 'metadata']).where('stream_id', 'in', streamIds).execute();
  let changed = 0;
  for (const row of rows) {
    const fields = PERSONAL_FIELDS[row.type];
    const data = parseStored(row.data);
    if (!fields && row.metadata === null) continue;
    const redacted = fields && isJsonObject(data) ? { ...data, ...pick(fields(userId), data) } : data;
    const json = JSON.stringify(redacted);
    await tx
      .updateTable('events')
      .set({ data: database.kind === 'postgres' ? sql`${json}::jsonb` : json, metadata: null })
      .where('position', '=', row.position)
      .execute();
    changed++;
  }
  return changed;
}

/** Only the fields the event has: an older shape without one stays without it. */
function pick(overrides: Record<string, unknown>, data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(overrides).filter(([key]) => key in data));
}

/** Streams with nothing the shop must keep (a cart, a wishlist, follows) go whole. */
export async function deleteStreams(tx: Transaction<Tables>, streamIds: readonly string[]): Promise<void> {
  if (streamIds.length > 0) await tx.deleteFrom('events').where('stream_id', 'in', streamIds).execute();
}
