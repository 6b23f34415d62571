import type { AppDeps, Clock } from './appDeps';
import type { Config } from './config';
import { openDatabase } from './db/openDatabase';
import { createEventStore } from './eventStore/createEventStore';
import { createMailer } from './mail/mailer';
import { catalogueProjection } from './projections/catalogueProjection';
import { producersProjection } from './projections/producersProjection';
import { trackPlaysProjection } from './projections/trackPlaysProjection';
import { Projector } from './projections/projector';
import { usersProjection } from './projections/usersProjection';

export const systemClock: Clock = { now: () => new Date() };

/** Opens the database, the event store and the read models, caught up and following. */
export async function openAppDeps(config: Config, clock: Clock = systemClock): Promise<AppDeps> {
  const database = await openDatabase(config.databaseUrl);
  const eventStore = createEventStore(database, { now: () => clock.now() });
  const projector = new Projector(database, eventStore, [catalogueProjection, usersProjection, producersProjection, trackPlaysProjection]);
  await projector.start();
  const mailer = createMailer(config, database, clock);
  return { config, database, eventStore, projector, clock, mailer };
}

export async function closeAppDeps(deps: AppDeps): Promise<void> {
  deps.mailer.close();
  await deps.projector.stop();
  await deps.eventStore.close();
  await deps.database.close();
}
