/**
 * A new Idempotency-Key for a payment attempt: 16 random bytes as hex. It enters the store through
 * the payment actions' `prepare`, so the reducer stays deterministic and a replayed log holds the
 * same key. getRandomValues, unlike randomUUID, works on pages that are not a secure context too.
 */
export function newAttemptKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return `pay-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
