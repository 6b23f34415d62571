import type { ContactRequest, SoundService, TrackReportRequest } from '../../shared/schemas/pages';
import type { AppDeps } from '../appDeps';

type Deps = Pick<AppDeps, 'database' | 'clock'>;

/** Stores a /contacts message for support to answer by email. */
export async function storeContactMessage({ database, clock }: Deps, message: ContactRequest, userId: number | null): Promise<void> {
  await database.transaction((tx) =>
    tx
      .insertInto('contact_messages')
      .values({
        name: message.name.trim(),
        email: message.email.trim(),
        subject: message.subject.trim(),
        message: message.message.trim(),
        user_id: userId,
        order_id: message.orderId ?? null,
        created_at: clock.now().getTime(),
      })
      .execute(),
  );
}

/**
 * Adds an email to the newsletter list, lowercased; subscribing again changes nothing, so a
 * double click or a second visit is harmless and the answer tells no one who is subscribed.
 */
export async function subscribe({ database, clock }: Deps, email: string): Promise<void> {
  await database.transaction((tx) =>
    tx
      .insertInto('newsletter_subscribers')
      .values({ email: email.trim().toLowerCase(), subscribed_at: clock.now().getTime() })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .execute(),
  );
}

/** Files a report on a listed product; false when no such product is in the catalogue. */
export async function fileTrackReport({ database, clock }: Deps, report: TrackReportRequest, userId: number | null): Promise<boolean> {
  return database.transaction(async (tx) => {
    const product = await tx.selectFrom('catalogue_products').select('id').where('id', '=', report.productId).executeTakeFirst();
    if (!product) return false;
    await tx
      .insertInto('track_reports')
      .values({
        product_id: report.productId,
        reason: report.reason,
        details: report.details.trim(),
        email: report.email.trim(),
        user_id: userId,
        created_at: clock.now().getTime(),
      })
      .execute();
    return true;
  });
}

/** The sound services on offer, in the order the /services page lists them. */
export async function listSoundServices({ database }: Pick<AppDeps, 'database'>): Promise<SoundService[]> {
  const rows = await database.query
    .selectFrom('sound_services')
    .select(['id', 'slug', 'name', 'description', 'price_cents', 'delivery_days'])
    .where('active', '=', 1)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    description: row.description,
    priceUsd: Number(row.price_cents) / 100,
    deliveryDays: Number(row.delivery_days),
  }));
}
