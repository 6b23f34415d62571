import type { AppDeps, Clock } from './appDeps';
import type { Config } from './config';
import { openDatabase } from './db/openDatabase';
import { createEventStore } from './eventStore/createEventStore';
import { catalogueProjection } from './projections/catalogueProjection';
import { Projector } from './projections/projector';

export const systemClock: Clock = { now: () => new Date() };

/** Opens the database, the event store and the read models, caught up and following. */
export async function openAppDeps(config: Config, clock: Clock = systemClock): Promise<AppDeps> {
  const database = await openDatabase(config.databaseUrl);
  const eventStore = createEventStore(database, { now: () => clock.now() });
  const projector = new Projector(database, eventStore, [catalogueProjection]);
  await projector.start();
  return { config, database, eventStore, projector, clock };
}

export async function closeAppDeps(deps: AppDeps): Promise<void> {
  await deps.projector.stop();
  await deps.eventStore.close();
  await deps.database.close();
}
