import { array, boolean, enums, type Infer, integer, min, number, object, string, type Struct } from 'superstruct';
import type { Clock } from '../appDeps';
import type { Database } from '../db/database';
import { decodeStored } from '../db/storedJson';

/**
 * How far the first start's demo seed got, kept in the `demo_seed` table. Every step of the seed
 * is idempotent by its own ids, so this is not what keeps a step from running twice; it is what
 * tells a later start that the seed is unfinished, what the demo month is played from, and where
 * in the month to take up again.
 */

/** `catalogue`: producers, products, sales, coupons are being written; `month`: the demo month is; `done`: nothing left. */
const SeedStageStruct = object({ stage: enums(['catalogue', 'month', 'done']) });

/** What the demo month is played from, fixed when it begins: the month before `until`, over these products. */
const MonthPlanStruct = object({
  until: string(),
  products: array(object({ id: integer(), productType: string(), producerId: integer(), sold: boolean(), hasPreview: boolean() })),
});

/**
 * How far the month is played: every item (a visit or a refund) before `item`, and the first
 * `step` steps of that one, at least as far as their cart lines go (written after each cart step,
 * and whenever tabs are sent). The items before `sentThrough` have their browser tabs in the log
 * store too; `sentAt` is the month's clock before that item began, from where a restart plays
 * the items again: those before `item` for their tabs alone, then the rest for real.
 */
const MonthCursorStruct = object({ item: min(integer(), 0), step: min(integer(), 0), sentThrough: min(integer(), 0), sentAt: number() });

export type DemoSeedStage = Infer<typeof SeedStageStruct>['stage'];
export type DemoMonthPlan = Infer<typeof MonthPlanStruct>;
export type DemoMonthCursor = Infer<typeof MonthCursorStruct>;

export interface JournalPart<T> {
  read(): Promise<T | null>;
  write(state: T): Promise<void>;
}

function journalPart<T>(database: Database, clock: Clock, part: string, struct: Struct<T>): JournalPart<T> {
  return {
    async read() {
      const row = await database.query.selectFrom('demo_seed').select('state').where('part', '=', part).executeTakeFirst();
      return row ? decodeStored(row.state, struct, `demo seed ${part}`) : null;
    },
    async write(state) {
      const values = { state: JSON.stringify(state), updated_at: clock.now().getTime() };
      await database.transaction((tx) =>
        tx
          .insertInto('demo_seed')
          .values({ part, ...values })
          .onConflict((conflict) => conflict.column('part').doUpdateSet(values))
          .execute(),
      );
    },
  };
}

export function demoSeedJournal(database: Database, clock: Clock) {
  return {
    stage: journalPart<{ stage: DemoSeedStage }>(database, clock, 'seed', SeedStageStruct),
    monthPlan: journalPart<DemoMonthPlan>(database, clock, 'month-plan', MonthPlanStruct),
    monthCursor: journalPart<DemoMonthCursor>(database, clock, 'month-cursor', MonthCursorStruct),
  };
}
