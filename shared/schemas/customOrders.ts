import { array, boolean, define, enums, type Infer, integer, nullable, number, object, optional, string, type Struct, type } from 'superstruct';
import { ExpectedTotalSchema } from './order';
import { requiredText } from './pages';
import { personal } from './personal';

/**
 * Custom orders (issue 15, SPEC §1 "Buyers can also order custom-made music services"): what a
 * buyer sends to order one of the shop's sound services, the steps after it, and what the
 * dashboard and admin pages read. Form fields carry the words final-form shows under them.
 */
export const CUSTOM_ORDER_LIMITS = {
  brief: { min: 20, max: 3000 },
  message: { min: 1, max: 3000 },
  reason: { min: 5, max: 1000 },
  /** A delivery: at most this many files, each at most `fileBytes`. */
  files: 5,
  fileBytes: 100 * 1024 * 1024,
} as const;

/** What a delivery may hold: audio, an archive of stems, a PDF of notes. Sniffed from the bytes, not the name. */
export const DELIVERY_FILE_TYPES = ['wav', 'aif', 'flac', 'mp3', 'zip', 'pdf'] as const;

export const CUSTOM_ORDER_STATES = [
  'awaiting_payment',
  'payment_failed',
  'waiting',
  'accepted',
  'declined',
  'delivered',
  'revision_requested',
  'completed',
] as const;
export type CustomOrderState = (typeof CUSTOM_ORDER_STATES)[number];

/** The buyer's words for each state. */
export const CUSTOM_ORDER_STATE_LABELS: Record<CustomOrderState, string> = {
  awaiting_payment: 'Awaiting payment',
  payment_failed: 'Payment failed',
  waiting: 'Waiting for the producer',
  accepted: 'In progress',
  declined: 'Declined',
  delivered: 'Delivered',
  revision_requested: 'Revision asked',
  completed: 'Completed',
};

/**
 * A form's fields twice: `form` (final-form's `validate` and the server's first check, per field
 * in the field's words, other keys ignored) and `body` (the request as a whole: an unknown key is refused).
 */
export const formAndBody = <S extends Record<string, Struct<any, any>>>(fields: S) => ({ form: type(fields), body: object(fields) });

const positiveId = (label: string) => define<number>('id', (value) => (Number.isInteger(value) && Number(value) > 0) || `Pick a ${label}`);

/**
 * POST /custom-orders: the service (one of the shop's, `serviceId`, or a producer's own offer,
 * `offerId`: exactly one of the two), the job, a card (the provider's payment-method id), and the
 * price the form showed (`expectedTotal`, cents): a service whose price changed since is not
 * ordered (409 with the new price), as a cart's is not.
 */
export const CustomOrderRequest = formAndBody({
  serviceId: optional(positiveId('service')),
  offerId: optional(positiveId('service')),
  brief: personal(requiredText('Description of the job', CUSTOM_ORDER_LIMITS.brief.min, CUSTOM_ORDER_LIMITS.brief.max)),
  /** The card: the provider's payment-method id (the sandbox's test cards without keys). */
  paymentMethodId: requiredText('Card', 1, 255),
  expectedTotal: ExpectedTotalSchema,
});
export type CustomOrderRequest = Infer<typeof CustomOrderRequest.body>;

export const CustomOrderMessage = formAndBody({
  text: personal(requiredText('Message', CUSTOM_ORDER_LIMITS.message.min, CUSTOM_ORDER_LIMITS.message.max)),
});

export const DeclineCustomOrder = formAndBody({
  reason: personal(requiredText('Reason', CUSTOM_ORDER_LIMITS.reason.min, CUSTOM_ORDER_LIMITS.reason.max)),
});

export const RevisionRequest = formAndBody({
  text: personal(requiredText('What to change', CUSTOM_ORDER_LIMITS.reason.min, CUSTOM_ORDER_LIMITS.message.max)),
});

/** The `message` part of a delivery's multipart form. */
export const DeliveryMessage = formAndBody({
  message: personal(requiredText('Message', CUSTOM_ORDER_LIMITS.message.min, CUSTOM_ORDER_LIMITS.message.max)),
});

export const CustomOrderSummarySchema = object({
  id: string(),
  serviceName: string(),
  state: enums(CUSTOM_ORDER_STATES),
  /** USD. */
  price: number(),
  requestedAt: string(),
  /** paidAt + the service's delivery days; null before payment. */
  deadline: nullable(string()),
  overdue: boolean(),
  buyerName: personal(string()),
  /** Who does the work: "Beatcrate" for a shop service, the producer's artist name for their own offer. */
  sellerName: string(),
});
export type CustomOrderSummary = Infer<typeof CustomOrderSummarySchema>;
export const CustomOrderListSchema = object({ orders: array(CustomOrderSummarySchema) });

export const ThreadEntrySchema = object({
  /** `buyer`, or `shop` for the side doing the work: the shop's admins, or the producer of an offer (named by `sellerName`). */
  from: enums(['buyer', 'shop'] as const),
  /** `refunded`: the order ended because its payment was refunded (by the shop, not its seller); `text` says why. */
  kind: enums(['message', 'delivery', 'revision', 'declined', 'refunded'] as const),
  /** What one side wrote to the other. */
  text: personal(string()),
  at: string(),
});
export type ThreadEntry = Infer<typeof ThreadEntrySchema>;

export const DeliveredFileSchema = object({
  id: string(),
  name: string(),
  bytes: integer(),
  /** Where the caller downloads it (their own session only). */
  url: string(),
});
export type CustomOrderFile = Infer<typeof DeliveredFileSchema>;

export const CUSTOM_ORDER_ACTIONS = ['pay', 'accept', 'decline', 'deliver', 'acceptDelivery', 'askRevision', 'message'] as const;
export type CustomOrderAction = (typeof CUSTOM_ORDER_ACTIONS)[number];

export const CustomOrderDetailSchema = object({
  ...CustomOrderSummarySchema.schema,
  brief: personal(string()),
  thread: array(ThreadEntrySchema),
  files: array(DeliveredFileSchema),
  /** Until when the delivered files download: 180 days from the buyer's acceptance; null while open for review. */
  downloadsUntil: nullable(string()),
  revisionsLeft: integer(),
  /** A 3-D Secure step the buyer still has to take. */
  nextActionUrl: nullable(string()),
  failureReason: nullable(string()),
  /** What the caller may do now. */
  actions: array(enums(CUSTOM_ORDER_ACTIONS)),
  /** Who reads it: its buyer, its seller (the shop's admins, or the producer of the offer), or staff reading a producer's order. */
  viewer: enums(['buyer', 'seller', 'staff'] as const),
  /** Its price went back to the card: declined by its seller, or ended by a refund of its payment. */
  refunded: boolean(),
});
export type CustomOrderDetail = Infer<typeof CustomOrderDetailSchema>;
