import type { Generated } from 'kysely';

/** Tables as kysely sees them; JSON columns are text on SQLite and jsonb on PostgreSQL. */
export interface EventsTable {
  position: Generated<number>;
  stream_id: string;
  version: number;
  type: string;
  data: unknown;
  metadata: unknown;
  recorded_at: string;
}

export interface ProjectionCheckpointsTable {
  name: string;
  position: number;
}

/** The catalogue read model: one row per listed product (server/projections/catalogueProjection.ts). */
export interface CatalogueProductsTable {
  id: number;
  producer_id: number;
  name: string;
  product_type: string;
  /** JSON arrays, for the answer; filters use the join tables below. */
  genre_ids: string;
  mood_ids: string;
  tags: string;
  bpm: number | null;
  musical_key: string | null;
  scale: string | null;
  vocal_type: string | null;
  samples_type: string | null;
  vocal_gender: string | null;
  is_new: number;
  is_supersale: number;
  is_premium: number;
  price_cents: number;
  project_file_price_cents: number | null;
  exclusive: number;
  is_sold: number;
  cover_image_src: string | null;
  preview_track_src: string | null;
  preview_duration_seconds: number | null;
  listed_position: number;
}

export interface CatalogueProductGenresTable {
  product_id: number;
  genre_id: number;
}

export interface CatalogueProductMoodsTable {
  product_id: number;
  mood_id: number;
}

export interface CatalogueProductTagsTable {
  product_id: number;
  tag: string;
}

/** How many listed products carry each tag, for the popular tags and autocomplete. */
export interface CatalogueTagsTable {
  tag: string;
  product_count: number;
}

export interface CataloguePeaksTable {
  product_id: number;
  /** JSON array of numbers 0..1. */
  peaks: string;
}

export interface CatalogueProducersTable {
  id: number;
  artist_name: string;
  short_name: string;
  avatar_src: string | null;
  followers: number;
}

export interface ProducerFollowsTable {
  producer_id: number;
  user_id: number;
}

/** Counters for numeric ids, bumped with UPDATE … RETURNING. */
export interface IdSequencesTable {
  name: string;
  value: number;
}

/** Email and password hash of each account; times here and below are milliseconds since the epoch. */
export interface UserCredentialsTable {
  user_id: number;
  /** Trimmed and lowercased; unique. */
  email: string;
  /** scrypt, parameters encoded in the string (server/auth/passwordHashing.ts). */
  password_hash: string;
  created_at: number;
}

/** The users read model, projected from the `user-<id>` streams. */
export interface UsersTable {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  country: string;
  country_short_name: string;
  social_network: string | null;
  /** JSON array of role names. */
  roles: string;
  email_confirmed: number;
  is_pro_buyer: number;
  blocked: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  /** 1 when the cookie outlives the browser session ("remember me"). */
  persistent: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** Single-use links sent by mail: email confirmation and password reset. */
export interface AccountTokensTable {
  token_hash: string;
  purpose: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  /** The normalised email that was tried, whether or not an account has it. */
  email: string;
  ip: string;
  failed_at: number;
  /** 0 once the account logged in successfully: the failure then counts for its address only. */
  counts_for_email: Generated<number>;
}

/** Mail kept instead of sent when no SMTP server is configured (`npm run outbox` prints it). */
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  /** The complete RFC 5322 message as nodemailer built it. */
  raw_message: string;
  created_at: number;
}

/** Plays counted per track (projection `track-plays`). */
export interface TrackPlaysTable {
  product_id: number;
  plays: number;
}

/** A producer's coupon: at most 30% off that producer's products, valid in [valid_from, valid_until). */
export interface CommerceCouponsTable {
  code: string;
  producer_id: number;
  percentage: number;
  valid_from: number;
  valid_until: number;
}

/** The checkout request (Idempotency-Key or cart snapshot) that created an order. */
export interface CommerceOrderRequestsTable {
  user_id: number;
  request_key: string;
  order_id: string;
  created_at: number;
}

export interface CommercePaymentRefsTable {
  provider: string;
  provider_payment_id: string;
  order_id: string;
}

/** Download links of paid orders, projected from OrderDelivered (server/projections/downloadsProjection.ts). */
export interface CommerceDownloadsTable {
  token: string;
  order_id: string;
  product_id: number;
  kind: string;
  name: string;
  expires_at: number;
  revoked: Generated<number>;
}

/** Messages sent from the /contacts form. */
export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The sender's account when they were logged in. */
  user_id: number | null;
  created_at: number;
}

/** The newsletter list: one row per lowercased email. */
export interface NewsletterSubscribersTable {
  email: string;
  subscribed_at: number;
}

/** 'Report a violation' on a beat, for the moderators' Reported tracks list. */
export interface TrackReportsTable {
  id: Generated<number>;
  product_id: number;
  /** One of REPORT_REASONS in shared/schemas/pages.ts. */
  reason: string;
  details: string;
  email: string;
  user_id: number | null;
  /** 'open' until a moderator closes it. */
  status: Generated<string>;
  created_at: number;
}

/** The sound services on the /services page (GET /pages/services/sound). */
export interface SoundServicesTable {
  id: number;
  slug: string;
  name: string;
  description: string;
  price_cents: number;
  delivery_days: number;
  position: number;
  active: Generated<number>;
}

/** The built-in sandbox provider's payments (server/payments/sandboxProvider.ts). */
export interface SandboxPaymentsTable {
  /** Insertion order, so tests can list the payments made since a point. */
  seq: Generated<number>;
  id: string;
  /** `<orderId>:card|wallet|paypal`: a retried charge finds the payment made the first time. */
  idempotency_key: string;
  order_id: string;
  /** 'card' | 'threeDSecure' | 'wallet' | 'paypal' */
  kind: string;
  amount_cents: number;
  /** 'requires_action' | 'approved' | 'succeeded' | 'failed' | 'canceled' | 'refunded' */
  status: string;
  return_url: string;
  cancel_url: string;
  charges: number;
  refunds: number;
}

/** One client's hits in one limiter's current window (server/http/rateLimitStore.ts). */
export interface RateLimitHitsTable {
  limiter: string;
  /** SHA-256 of the client's key (its address): the table keeps no addresses. */
  client: string;
  hits: number;
  /** Epoch ms when the window ends and the count starts again. */
  reset_at: number;
}

export interface Tables {
  events: EventsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  catalogue_products: CatalogueProductsTable;
  id_sequences: IdSequencesTable;
  user_credentials: UserCredentialsTable;
  users: UsersTable;
  sessions: SessionsTable;
  account_tokens: AccountTokensTable;
  login_failures: LoginFailuresTable;
  mail_outbox: MailOutboxTable;
  catalogue_product_genres: CatalogueProductGenresTable;
  catalogue_product_moods: CatalogueProductMoodsTable;
  catalogue_product_tags: CatalogueProductTagsTable;
  catalogue_tags: CatalogueTagsTable;
  catalogue_peaks: CataloguePeaksTable;
  catalogue_producers: CatalogueProducersTable;
  producer_follows: ProducerFollowsTable;
  track_plays: TrackPlaysTable;
  commerce_coupons: CommerceCouponsTable;
  commerce_order_requests: CommerceOrderRequestsTable;
  commerce_payment_refs: CommercePaymentRefsTable;
  commerce_downloads: CommerceDownloadsTable;
  contact_messages: ContactMessagesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  track_reports: TrackReportsTable;
  sound_services: SoundServicesTable;
  sandbox_payments: SandboxPaymentsTable;
  rate_limit_hits: RateLimitHitsTable;
}
