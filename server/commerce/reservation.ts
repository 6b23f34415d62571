/** How long a beat is held for a buyer who is paying (a 3-D Secure step, the PayPal page). */
export const RESERVATION_MS = 30 * 60 * 1000;
