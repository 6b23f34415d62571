import type { Config } from '../config';

/**
 * Fault injection for the interrupted-seed test (test/durability/interruptedSeed.int.test.ts):
 * with CRASH_AT set to one of these, the first start stops itself at that step of the demo seed
 * with CRASH_SIGNAL (SIGKILL, as a power cut would; SIGINT, as Ctrl-C does), and the next start
 * must finish the seed. Config refuses CRASH_AT with NODE_ENV=production.
 */
export const SEED_CRASH_POINTS = [
  /** 100 of the catalogue's 332 products are listed, the others not yet. */
  'demo-catalogue',
  /** Halfway through the demo month: a checkout has paid, and the seed's journal does not know it yet. */
  'demo-month',
] as const;

export type SeedCrashPoint = (typeof SEED_CRASH_POINTS)[number];

export async function seedCrashPoint(config: Pick<Config, 'crashAt' | 'crashSignal'>, point: SeedCrashPoint): Promise<void> {
  if (config.crashAt !== point) return;
  process.kill(process.pid, config.crashSignal);
  // SIGINT is handled on a later turn of the event loop: until then the seed goes no further than this step.
  await new Promise<never>(() => undefined);
}
