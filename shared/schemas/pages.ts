import { array, define, type Infer, integer, number, object, optional, string, type Struct, type, validate } from 'superstruct';
import { personal } from './personal';

/**
 * Payloads of the page forms (SPEC §7 `/pages/contact`, `/pages/subscribe`, `/tracks/report`) and
 * the sound-services answer. Each field says what is wrong in words a visitor understands: the
 * server answers 400 with the same message that final-form shows under the field.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const FORM_LIMITS = {
  name: 100,
  subject: 150,
  message: { min: 10, max: 5000 },
  details: { min: 10, max: 2000 },
  email: 254,
} as const;

/** A required text of `min` to `max` characters once trimmed. */
export function requiredText(label: string, min: number, max: number): Struct<string, null> {
  return define<string>('text', (value) => {
    if (typeof value !== 'string' || value.trim() === '') return `${label} is required`;
    const length = value.trim().length;
    if (length < min) return `${label} must be at least ${min} characters long`;
    if (length > max) return `${label} must be at most ${max} characters long`;
    return true;
  });
}

const email = personal(
  define<string>('email', (value) => {
    if (typeof value !== 'string' || value.trim() === '') return 'Email is required';
    const trimmed = value.trim();
    return (trimmed.length <= FORM_LIMITS.email && EMAIL.test(trimmed)) || 'Email must be a valid email address';
  }),
);

/** What the server answers when a message names an order that is not the sender's. */
export const NOT_YOUR_ORDER = 'Choose one of your own orders';

/** An order id as the orders read model holds it; whose order it is, only the server can tell. */
const orderId = define<string>('orderId', (value) => (typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value)) || NOT_YOUR_ORDER);

export const ContactRequestSchema = type({
  name: personal(requiredText('Name', 1, FORM_LIMITS.name)),
  email,
  subject: personal(requiredText('Subject', 1, FORM_LIMITS.subject)),
  message: personal(requiredText('Message', FORM_LIMITS.message.min, FORM_LIMITS.message.max)),
  /** The dashboard's Support page: one of the member's own orders the message is about. */
  orderId: optional(orderId),
});
export type ContactRequest = Infer<typeof ContactRequestSchema>;

export const SubscribeRequestSchema = type({ email });
export type SubscribeRequest = Infer<typeof SubscribeRequestSchema>;

/** Why a beat is reported; the moderators' queue groups reports by it. */
export const REPORT_REASONS = [
  { value: 'copyright', label: 'Copyright infringement' },
  { value: 'samples', label: 'Uses samples, loops or kits from others' },
  { value: 'stolen', label: 'Uploaded by someone who is not its producer' },
  { value: 'offensive', label: 'Offensive or harmful content' },
  { value: 'other', label: 'Other' },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]['value'];

const reason = define<ReportReason>('reason', (value) =>
  REPORT_REASONS.some((option) => option.value === value) || 'Choose a reason for the report',
);

const productId = define<number>('productId', (value) =>
  (typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 1_000_000_000) || 'productId must be the id of a product',
);

export const TrackReportRequestSchema = type({
  productId,
  reason,
  details: personal(requiredText('Details', FORM_LIMITS.details.min, FORM_LIMITS.details.max)),
  email,
});
export type TrackReportRequest = Infer<typeof TrackReportRequestSchema>;

/** One sound service on the /services page (GET /pages/services/sound). */
export const SoundServiceSchema = object({
  id: integer(),
  slug: string(),
  name: string(),
  description: string(),
  /** Starting price in US dollars. */
  priceUsd: number(),
  /** Usual delivery time in working days. */
  deliveryDays: integer(),
});
export type SoundService = Infer<typeof SoundServiceSchema>;
export const SoundServicesSchema = object({ services: array(SoundServiceSchema) });
export type SoundServices = Infer<typeof SoundServicesSchema>;

/**
 * The first message for each failing field: final-form's `validate` in the browser, and the
 * `errors` of a 400 on the server.
 */
export function formErrors<T>(values: unknown, schema: Struct<T, unknown>): Partial<Record<string, string>> {
  const [error] = validate(values ?? {}, schema);
  const errors: Partial<Record<string, string>> = {};
  for (const failure of error?.failures() ?? []) {
    if (failure.path.length === 0) return { form: 'The form must be sent as a JSON object' };
    errors[String(failure.path[0])] ??= failure.message;
  }
  return errors;
}
