import type { CustomOrderState } from '../../shared/schemas/customOrders';
import type { ColumnType, Generated } from 'kysely';
import type { OrderStatus } from '../../shared/schemas/order';
import type { AdminProductStatus } from '../../shared/schemas/adminLists';

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
  is_sold: number;
  cover_image_src: string | null;
  preview_track_src: string | null;
  preview_duration_seconds: number | null;
  listed_position: number;
  /** Epoch ms of the ProductListed event; null only for a row the migration found no event for. */
  listed_at: number | null;
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
  avatar_src: string | null;
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
  /** The browser's User-Agent when the session started, for the sessions list. */
  user_agent: string | null;
}

/** When a request last came with each session (to the minute), for the sessions list: telemetry, apart from the sessions. */
export interface SessionActivityTable {
  token_hash: string;
  user_id: number;
  last_seen_at: number;
}

/** Single-use links sent by mail: email confirmation and password reset. */
export interface AccountTokensTable {
  token_hash: string;
  purpose: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** For `email-change`: the address the account gets once this link is followed. */
  new_email: string | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  /** The normalised email that was tried, whether or not an account has it. */
  email: string;
  ip: string;
  failed_at: number;
  /** 0 once the account logged in successfully: the failure then counts for its address only. */
  counts_for_email: Generated<number>;
  /** SHA-256 of the device cookie the attempt came with, if any; a known device's own failures are counted apart. */
  device_hash: string | null;
}

/** Secrets every server must share, made once by the first to need them (e.g. the captcha's HMAC key). */
/** Solved captcha challenges, by signature, kept until they expire: each is accepted once, on any server. */
export interface CaptchaSpentTable {
  signature: string;
  expires_at: number;
}

/** Browsers that logged in to an account, by the SHA-256 of their long-lived device cookie. */
export interface KnownDevicesTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
}

/** Account mails sent, by recipient, for the per-recipient limit. */
export interface AccountMailLogTable {
  id: Generated<number>;
  recipient: string;
  kind: string;
  sent_at: number;
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
/** The shop's coupons (server/projections/couponsProjection.ts); times in ms, `valid_until` exclusive. */
export interface CouponsTable {
  code: string;
  producer_id: number | null;
  percentage: number;
  valid_from: number;
  valid_until: number;
  usage_limit: number | null;
  /** Paid orders that used the code. */
  usage_count: number;
  created_at: number;
}

/** Placed orders' lines and coupon, until the ledger has booked or dropped them. */
export interface LedgerOrdersTable {
  order_id: string;
  placement: string;
}

/** One signed entry of a producer's earnings: a sale line (+), a refunded line (−), a payout (−). */
export interface ProducerLedgerTable {
  entry_key: string;
  producer_id: number;
  kind: 'sale' | 'refund' | 'payout';
  order_id: string | null;
  product_id: number | null;
  /** The beat's name, or the payout's reference. */
  description: string;
  at: number;
  /** `YYYY-MM` in UTC: the statement it belongs to. */
  month: string;
  price_cents: number;
  discount_cents: number;
  commission_cents: number;
  net_cents: number;
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
  /** One of the sender's own orders, picked on the dashboard's Support page. */
  order_id: string | null;
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

/** One browser tab's action log (server/actionLog/): whose, since when, how much. */
export interface ActionLogSessionsTable {
  id: string;
  /** The account last logged in while the tab sent its log; null for a guest. */
  user_id: number | null;
  started_at: number;
  last_seen_at: number;
  entry_count: number;
  /** Page loads (`actionLog/sessionStarted`) and in-app navigations (`navigation/navigationArrived`) stored (migration 0028). */
  page_count: Generated<number>;
  /** The window width of the log's first page load; null when it recorded none. */
  viewport_width: number | null;
  /** `api/requestFailed` entries stored. */
  failed_requests: Generated<number>;
  /** Failed requests and `notifications/errorToastShown` entries stored: the search's "had an error". */
  error_count: Generated<number>;
  /** When an admin imported the session from another server's export (migration 0029); null for one recorded here. */
  imported_at: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The events an imported session came with, as the export gave them (support's view of each), beside the session. */
export interface SupportImportedEventsTable {
  session_id: string;
  position: number;
  /** JSON of the event's support view (shared/schemas/support.ts `SupportEventSchema`). */
  view: string;
}

/** A log's recorded actions, redacted; the primary key (session_id, seq) stores each one once. */
export interface ActionLogEntriesTable {
  session_id: string;
  seq: number;
  /** The browser's clock when the action ran (ISO). */
  at: string;
  type: string;
  /** JSON text of the payload; null when the action had none. */
  payload: string | null;
}

/** Entries stored per client address and minute, for ACTION_LOG_ENTRIES_PER_MINUTE; the address only as a keyed hash. */
export interface ActionLogAddressMinutesTable {
  address_key: string;
  minute: number;
  entries: number;
}

/** One row (id 1): the entries the whole store holds, kept in step by every insert and delete. */
export interface ActionLogUsageTable {
  id: number;
  entries: number;
}

/** Keys the server made itself, shared by every process on this database. */
export interface ServerSecretsTable {
  name: string;
  secret: string;
  created_at: number;
}

/** The demo seed's progress, one row per part (server/seed/demoSeedJournal.ts); `state` is JSON. */
export interface DemoSeedTable {
  part: string;
  state: string;
  updated_at: number;
}

/** Orders still waiting for their money (projection `open-orders`), for the reconciliation job. */
export interface CommerceOpenOrdersTable {
  order_id: string;
  placed_at: number;
}

/** One row per background job (server/jobs/jobRunner.ts): when it is due, and who holds it until when. */
export interface JobsTable {
  name: string;
  next_run_at: number;
  /** The process running it now; null when nobody is. */
  lease_owner: string | null;
  /** A lease past this time is free to take: its holder died or hangs. */
  lease_until: number | null;
  last_finished_at: number | null;
  /** The last run's failure, without personal data; null after a run that succeeded. */
  last_error: string | null;
}

/** A sold beat whose master is ready: `rendered` for a demo beat, `uploaded` for a producer's own. */
export interface BeatMastersTable {
  product_id: number;
  source: 'rendered' | 'uploaded';
  recorded_at: number;
}

/** One row per file served (server/http/downloadRouter.ts). */
export interface CommerceDownloadLogTable {
  id: Generated<number>;
  order_id: string;
  product_id: number;
  kind: string;
  /** The buyer's account when the file came through the storefront's link; null for a mailed link. */
  user_id: number | null;
  /** 'account' | 'mailed_link' */
  via: string;
  downloaded_at: number;
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

/** Paid orders whose download-links mail is still to be sent (server/commerce/orderMailQueue.ts). */
export interface CommerceOrderMailQueueTable {
  order_id: string;
  queued_at: number;
}

/** A producer's personal details for identity verification, deleted with the account. */
export interface IdentityDetailsTable {
  user_id: number;
  legal_name: string;
  date_of_birth: string;
  address: string;
  updated_at: number;
}

/** Read model of every order (projection `orders`): the buyer's list and the shop's totals. */
export interface CommerceOrdersTable {
  order_id: string;
  user_id: number;
  placed_at: number;
  status: OrderStatus;
  total_cents: number;
  /** JSON array of `{productId, name, productType}`, for the list. */
  lines: string;
}

/** Read model of each producer's identity verification (projection `verifications`). */
export interface ProducerVerificationsTable {
  user_id: number;
  status: 'pending' | 'rejected' | 'verified';
  artist_name: string;
  short_name: string;
  country: string;
  reason: string | null;
  producer_id: number | null;
  submitted_at: number;
  decided_at: number | null;
  decided_by: number | null;
}

/** Beats uploaded in the studio, in every state (projection `studio`): My beats and Pending tracks. */
/**
 * A producer's upload slots (server/studio/uploadSlots.ts): at most UPLOAD_LIMITS.waitingPerProducer
 * rows each, one per upload arriving or waiting for processing. A slot is free again once its
 * product has left `processing`, or, when no product was ever submitted, once `arriving_until` passed.
 */
export interface UploadSlotsTable {
  producer_id: number;
  slot: number;
  product_id: number;
  /** Until when the upload may still be arriving (ms): past it, a slot without a product was left by a dead request. */
  arriving_until: number;
}

export interface StudioProductsTable {
  product_id: number;
  producer_id: number;
  status: 'processing' | 'failed' | 'pending' | 'rejected' | 'listed' | 'sold' | 'withdrawn';
  name: string;
  /** Why processing failed or a moderator rejected the beat. */
  message: string | null;
  price_cents: number;
  duration_seconds: number | null;
  cover_image_src: string | null;
  preview_src: string | null;
  master_key: string;
  submitted_at: number;
  /** The BeatDetails the producer last stated, as JSON. */
  details: string;
  /** 1 when a stems zip came with the upload. */
  has_stems: number;
}

/** Read model of custom orders (projection `custom-orders`): the buyer's list and the shop's. */
export interface CustomOrdersTable {
  id: string;
  buyer_id: number;
  service_id: number;
  service_name: string;
  price_cents: number;
  state: CustomOrderState;
  requested_at: number;
  due_at: number | null;
  updated_at: number;
  /** The producer whose offer it is; null for a shop service. */
  producer_id: number | null;
}

/** Producers' own custom services (projection `producer-offers`). */
export interface ProducerOffersTable {
  offer_id: number;
  producer_id: number;
  name: string;
  description: string;
  price_cents: number;
  delivery_days: number;
  /** 1 while on offer, 0 once withdrawn. */
  live: number;
  published_at: number;
}

/** Orders that carry a custom order's payment (projection `custom-order-payments`). */
export interface CustomOrderPaymentsTable {
  order_id: string;
}

/** Custom orders whose payment or refund is to be brought in line with their order. */
export interface CustomOrderSyncTable {
  custom_order_id: string;
  queued_at: number;
}

/** Custom-order steps whose mail to the other party is still to be sent, by event position. */
export interface CustomOrderMailQueueTable {
  position: number;
  custom_order_id: string;
  event_type: string;
  queued_at: number;
}

/** Every product in every state (projection `admin-products`): the admin's `All tracks` and a producer's products. */
export interface AdminProductsTable {
  product_id: number;
  producer_id: number;
  product_type: string;
  name: string;
  status: AdminProductStatus;
  price_cents: number;
  /** The order a beat sold to; null while unsold. */
  sold_order_id: string | null;
  created_at: number;
}

/** Refunded orders whose mail is due (server/commerce/refundMailQueue.ts). */
export interface CommerceRefundMailQueueTable {
  order_id: string;
  queued_at: number;
  /** A sender holds the row until then; a sender that died leaves it to the job after that. */
  claimed_until: number | null;
}

/** The analytics stream (issue 13, server/analytics/): one row per derived event, `position` its cursor. */
export interface AnalyticsEventsTable {
  position: Generated<number>;
  /** Stable, from the source (the domain event, or the log's session and seq): a backfill yields the same. */
  message_id: string;
  /** The Segment event name: `Order Completed`. */
  event: string;
  source: 'server' | 'browser';
  occurred_at: number;
  /** `occurred_at`'s UTC day, YYYY-MM-DD, for the reports. */
  day: string;
  /** Pseudonymous (server/analytics/pseudonyms.ts); null for a guest. */
  user_id: string | null;
  /** The browser tab's log id, when the event came from a tab. */
  anonymous_id: string | null;
  /** `user_id`, else `anonymous_id`: who, for the funnel's distinct counts. */
  actor: string | null;
  /** What an order brought in (Order Completed) or gave back (Order Refunded), in cents. */
  revenue_cents: number | null;
  /** The one product an event is about (viewed, added, played); null for orders and lists. */
  product_id: number | null;
  producer_id: number | null;
  /** JSON of the message as readers get it (shared/schemas/analytics.ts), without its cursor. */
  message: string;
  derived_at: number;
}

export interface AnalyticsEventProductsTable {
  position: number;
  product_id: number;
  producer_id: number;
  category: string;
  price_cents: number;
}

export interface AnalyticsLogProgressTable {
  session_id: string;
  /** Every entry of the log up to this seq has been read into events. */
  through_seq: number;
  /** JSON of what the reading carries from one batch to the next (server/analytics/browserEvents.ts). */
  memory: string;
  updated_at: number;
}

export interface AnalyticsMarksTable {
  name: string;
  value: number;
}

export interface AnalyticsKeysTable {
  id: Generated<number>;
  name: string;
  /** SHA-256 of the key, hex; the key itself is shown once. */
  key_hash: string;
  /** The key's first characters, to tell keys apart in lists. */
  key_prefix: string;
  /** Comma-separated scopes (server/analytics/analyticsKeys.ts). */
  scopes: string;
  created_at: number;
  created_by: number | null;
  revoked_at: number | null;
  last_used_at: number | null;
  /** The admin who revoked it in the console; null from the command line (migration 0032). */
  revoked_by: number | null;
}

/** A receiver of the analytics stream (issue 13, server/analytics/webhookStore.ts); never deleted, only marked. */
export interface AnalyticsWebhooksTable {
  id: Generated<number>;
  url: string;
  /** Comma-separated event names; empty: every event. */
  event_types: string;
  /** `whsec_…`, kept as it is: every delivery is signed with it. */
  secret: string;
  created_at: number;
  /** The admin who registered it in the console. */
  created_by_user: number | null;
  /** The API key it was registered with; its revocation stops the deliveries. */
  created_by_key: number | null;
  disabled_at: number | null;
  disabled_by: number | null;
  deleted_at: number | null;
  deleted_by_user: number | null;
  deleted_by_key: number | null;
  /** Position of the last event delivered: the webhook's cursor. */
  delivered_through: number;
  /** The `webhook-id` of the batch being delivered, kept across its retries; null between batches. */
  batch_id: string | null;
  /** The last position of that batch. */
  batch_through: number | null;
  /** Failed attempts at that batch. */
  failures: number;
  next_attempt_at: number;
}

/** Every attempt at delivering a batch: the delivery log. */
export interface AnalyticsWebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  batch_id: string;
  attempt: number;
  first_position: number;
  last_position: number;
  events: number;
  attempted_at: number;
  duration_ms: number;
  /** Null when no answer came. */
  status_code: number | null;
  error: string | null;
}

export interface Tables {
  events: EventsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  catalogue_products: CatalogueProductsTable;
  id_sequences: IdSequencesTable;
  user_credentials: UserCredentialsTable;
  users: UsersTable;
  sessions: SessionsTable;
  session_activity: SessionActivityTable;
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
  coupons: CouponsTable;
  ledger_orders: LedgerOrdersTable;
  producer_ledger: ProducerLedgerTable;
  commerce_order_requests: CommerceOrderRequestsTable;
  commerce_payment_refs: CommercePaymentRefsTable;
  commerce_downloads: CommerceDownloadsTable;
  contact_messages: ContactMessagesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  track_reports: TrackReportsTable;
  sound_services: SoundServicesTable;
  sandbox_payments: SandboxPaymentsTable;
  action_log_sessions: ActionLogSessionsTable;
  action_log_entries: ActionLogEntriesTable;
  action_log_address_minutes: ActionLogAddressMinutesTable;
  action_log_usage: ActionLogUsageTable;
  support_imported_events: SupportImportedEventsTable;
  server_secrets: ServerSecretsTable;
  demo_seed: DemoSeedTable;
  captcha_spent: CaptchaSpentTable;
  known_devices: KnownDevicesTable;
  account_mail_log: AccountMailLogTable;
  commerce_open_orders: CommerceOpenOrdersTable;
  jobs: JobsTable;
  analytics_events: AnalyticsEventsTable;
  analytics_event_products: AnalyticsEventProductsTable;
  analytics_log_progress: AnalyticsLogProgressTable;
  analytics_marks: AnalyticsMarksTable;
  analytics_keys: AnalyticsKeysTable;
  analytics_webhooks: AnalyticsWebhooksTable;
  analytics_webhook_deliveries: AnalyticsWebhookDeliveriesTable;
  beat_masters: BeatMastersTable;
  commerce_download_log: CommerceDownloadLogTable;
  rate_limit_hits: RateLimitHitsTable;
  commerce_order_mail_queue: CommerceOrderMailQueueTable;
  identity_details: IdentityDetailsTable;
  producer_verifications: ProducerVerificationsTable;
  studio_products: StudioProductsTable;
  upload_slots: UploadSlotsTable;
  commerce_orders: CommerceOrdersTable;
  licence_contracts: LicenceContractsTable;
  custom_orders: CustomOrdersTable;
  producer_offers: ProducerOffersTable;
  custom_order_payments: CustomOrderPaymentsTable;
  custom_order_sync: CustomOrderSyncTable;
  custom_order_mail_queue: CustomOrderMailQueueTable;
  admin_products: AdminProductsTable;
  commerce_refund_mail_queue: CommerceRefundMailQueueTable;
}

/** Licence contracts of sold beats (projection `licence-contracts`, server/contracts/). */
export interface LicenceContractsTable {
  contract_id: string;
  order_id: string;
  product_id: number;
  beat_name: string;
  /** The producer profile that sold the beat (not a user id). */
  producer_id: number;
  producer_name: string;
  buyer_user_id: number;
  price_cents: number;
  sold_at: number;
  issued_at: number;
  content_hash: string;
  file_key: string;
}
