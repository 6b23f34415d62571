import type { Config } from '../config';

/**
 * Fault injection for the checkout's durability test (test/durability/checkoutCrash.int.test.ts):
 * with CRASH_AT set, the process kills itself with SIGKILL at that step, as a power cut would.
 * Config refuses CRASH_AT with NODE_ENV=production.
 */
export const CRASH_POINTS = [
  /** The order is placed and its beats reserved; the attempt is not recorded yet. */
  'order-placed',
  /** The attempt is recorded; the provider has not been asked yet. */
  'attempt-recorded',
  /** The provider answered (a card: charged); nothing of its answer is recorded yet. */
  'provider-answered',
  /** The beats are sold and the cart emptied; PaymentSucceeded is not recorded yet. */
  'goods-taken',
  /** PaymentSucceeded and the downloads are recorded; the mail is not sent yet. */
  'payment-recorded',
  /** Everything is done and the mail is on its way (sent beside the request), the answer not sent yet. */
  'buyer-notified',
] as const;

export type CrashPoint = (typeof CRASH_POINTS)[number];

/** SIGKILL: a power cut; SIGINT: a Ctrl-C (the seed's crash points, server/seed/seedCrashPoints.ts). */
export const CRASH_SIGNALS = ['SIGKILL', 'SIGINT'] as const;
export type CrashSignal = (typeof CRASH_SIGNALS)[number];

export function crashPoint(config: Pick<Config, 'crashAt' | 'crashSignal'>, point: CrashPoint): void {
  if (config.crashAt === point) process.kill(process.pid, config.crashSignal);
}
