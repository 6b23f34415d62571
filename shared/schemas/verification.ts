import { array, define, enums, type Infer, integer, nullable, object, omit, string } from 'superstruct';
import { isReservedProducerId, isValidProducerId } from '../domain/producerId';
import { requiredText } from './pages';
import { personal } from './personal';

/**
 * A producer's identity verification (SPEC §2 "Complete identity verification to start selling
 * tracks"): what they send, and what they and the moderators read back.
 */
export const VERIFICATION_LIMITS = { artistName: 50, legalName: 100, address: { min: 10, max: 300 }, reason: 500 } as const;
export const MINIMUM_SELLER_AGE = 18;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const birthDate = define<string>('birthDate', (value) => {
  if (typeof value !== 'string' || value.trim() === '') return 'Date of birth is required';
  return (ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))) || 'Date of birth must be a date (YYYY-MM-DD)';
});
const pageAddress = define<string>('shortName', (value) => {
  if (typeof value !== 'string' || value.trim() === '') return 'Page address is required';
  if (isReservedProducerId(value)) return 'This page address is taken';
  return isValidProducerId(value) || 'Page address needs 3 to 50 characters with a letter, no spaces and no capitals';
});

export const VerificationRequestSchema = object({
  artistName: requiredText('Artist name', 1, VERIFICATION_LIMITS.artistName),
  shortName: pageAddress,
  legalName: personal(requiredText('Legal name', 2, VERIFICATION_LIMITS.legalName)),
  dateOfBirth: personal(birthDate),
  address: personal(requiredText('Address', VERIFICATION_LIMITS.address.min, VERIFICATION_LIMITS.address.max)),
  country: requiredText('Country', 1, 100),
});
export type VerificationRequestBody = Infer<typeof VerificationRequestSchema>;

export const VERIFICATION_STATUSES = ['none', 'pending', 'rejected', 'verified'] as const;

/** GET /producer/verification: the producer's own state. */
export const VerificationAnswerSchema = object({
  status: enums(VERIFICATION_STATUSES),
  artistName: nullable(string()),
  shortName: nullable(string()),
  country: nullable(string()),
  /** Why a moderator rejected it, for the producer to fix: their words about the person. */
  reason: personal(nullable(string())),
  producerId: nullable(integer()),
});
export type VerificationAnswer = Infer<typeof VerificationAnswerSchema>;

/** One row of the moderators' `Pending producers`, with the details to check. */
export const PendingProducerSchema = object({
  userId: integer(),
  email: personal(string()),
  artistName: string(),
  shortName: string(),
  country: string(),
  legalName: personal(string()),
  dateOfBirth: personal(string()),
  /** Whole years on the day the list was read: sellers must be adults. */
  age: integer(),
  address: personal(string()),
  submittedAt: string(),
});
export type PendingProducer = Infer<typeof PendingProducerSchema>;
export const PendingProducerListSchema = object({ producers: array(PendingProducerSchema) });

/**
 * What the `Pending producers` page keeps of a request: what a moderator decides on. The email and
 * the postal address stay on the server, so they are in no page state and no action log.
 */
export const PendingProducerShownSchema = omit(PendingProducerSchema, ['email', 'address']);
export type PendingProducerShown = Infer<typeof PendingProducerShownSchema>;

export const RejectionSchema = object({ reason: personal(requiredText('Reason', 1, VERIFICATION_LIMITS.reason)) });
