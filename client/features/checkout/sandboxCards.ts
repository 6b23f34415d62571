/**
 * The built-in sandbox payment provider accepts Stripe's test payment-method ids: the buyer picks
 * a test card by name and only its id is sent, so no card number is ever typed or transmitted.
 */
export const SANDBOX_TEST_CARDS = [
  { id: 'pm_card_visa', label: 'Visa (test card, succeeds)' },
  { id: 'pm_card_chargeDeclined', label: 'Visa (test card, declined)' },
  { id: 'pm_card_threeDSecure2Required', label: 'Visa (test card, 3-D Secure confirmation)' },
] as const;

export const WALLET_LABELS = { google_pay: 'Google Pay', apple_pay: 'Apple Pay', link: 'Link' } as const;
