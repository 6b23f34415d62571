import { actionLogTicketKey, actionLogTickets } from './actionLog/actionLogTickets';
import { openActionLogs } from './actionLog/actionLogs';
import { closeAnalytics, openAnalytics } from './analytics/analytics';
import { OrderMailSender } from './commerce/orderMailQueue';
import type { AppDeps, Clock } from './appDeps';
import type { MediaStorage } from './media/storage/mediaStorage';
import type { Config } from './config';
import { openDatabase } from './db/openDatabase';
import { createEventStore } from './eventStore/createEventStore';
import { AccountFeed } from './http/accountFeed';
import { createMailer } from './mail/mailer';
import { mediaStorageSettings, openMediaStorage } from './media/storage/openMediaStorage';
import { createPayments } from './payments/createPayments';
import { catalogueProjection } from './projections/catalogueProjection';
import { couponsProjection } from './projections/couponsProjection';
import { ledgerPayoutsProjection, ledgerSalesProjection } from './projections/ledgerProjection';
import { downloadsProjection } from './projections/downloadsProjection';
import { orderMailQueueProjection } from './projections/orderMailQueueProjection';
import { openOrdersProjection } from './projections/openOrdersProjection';
import { ordersProjection } from './projections/ordersProjection';
import { customOrderPaymentsProjection } from './projections/customOrderPaymentsProjection';
import { customOrdersProjection } from './projections/customOrdersProjection';
import { producerOffersProjection } from './projections/producerOffersProjection';
import { producersProjection } from './projections/producersProjection';
import { reportsProjection } from './projections/reportsProjection';
import { studioProjection } from './projections/studioProjection';
import { verificationsProjection } from './projections/verificationsProjection';
import { trackPlaysProjection } from './projections/trackPlaysProjection';
import { Projector } from './projections/projector';
import { usersProjection } from './projections/usersProjection';
import { licenceContractsProjection } from './projections/licenceContractsProjection';
import { adminProductsProjection } from './projections/adminProductsProjection';
import { refundMailQueueProjection } from './projections/refundMailQueueProjection';
import { openSupportReplays } from './support/supportReplays';
import { systemResolver } from './analytics/webhookTargets';
import { type Logger, logger } from './logging/logger';

export const systemClock: Clock = { now: () => new Date() };

/** A clock that starts at `start` and then runs at the real pace (CLOCK_START_AT). */
export function clockStartingAt(start: Date, real: Clock = systemClock): Clock {
  const offset = start.getTime() - real.now().getTime();
  return { now: () => new Date(real.now().getTime() + offset) };
}

/**
 * Opens the database, the event store and the read models, caught up and following; and the media
 * storage, unless the caller opened it as a start-up step of its own. Everything opened logs
 * through `log` (the process's logger unless a test gives one that captures its lines), which
 * also hears about the database's migrations, and becomes `deps.log`.
 */
export async function openAppDeps(
  config: Config,
  clock: Clock = config.clockStartAt ? clockStartingAt(config.clockStartAt) : systemClock,
  opened?: MediaStorage,
  log: Logger = logger,
): Promise<AppDeps> {
  const media = opened ?? (await openMediaStorage(mediaStorageSettings(config)));
  const database = await openDatabase(config.databaseUrl, log);
  const eventStore = createEventStore(database, { now: () => clock.now(), log });
  const projector = new Projector(database, eventStore, [
    catalogueProjection,
    usersProjection,
    producersProjection,
    downloadsProjection,
    trackPlaysProjection,
    openOrdersProjection,
    orderMailQueueProjection,
    verificationsProjection,
    reportsProjection,
    studioProjection,
    ordersProjection,
    licenceContractsProjection,
    customOrdersProjection,
    producerOffersProjection,
    customOrderPaymentsProjection,
    adminProductsProjection,
    refundMailQueueProjection,
    couponsProjection,
    ledgerSalesProjection(config.commerce.shopCommissionPercentage),
    ledgerPayoutsProjection,
  ], { log });
  await projector.start();
  const accountFeed = new AccountFeed(eventStore, config.accountStreamsPerAccount, log);
  await accountFeed.start();
  const mailer = createMailer(config, database, clock);
  const ticketKey = await actionLogTicketKey(config.actionLog.secret, database, clock.now());
  const actionLogs = await openActionLogs(database, config.actionLog, ticketKey);
  const analytics = await openAnalytics(database, eventStore, clock, log);
  return {
    config,
    database,
    eventStore,
    projector,
    accountFeed,
    clock,
    mailer,
    payments: createPayments(config, database),
    actionLogTickets: actionLogTickets(ticketKey),
    actionLogs,
    supportReplays: openSupportReplays(config.supportReplay),
    analytics,
    media,
    orderMails: new OrderMailSender(),
    resolveHost: systemResolver,
    log,
  };
}

export async function closeAppDeps(deps: AppDeps): Promise<void> {
  await deps.orderMails.idle();
  deps.mailer.close();
  await deps.accountFeed.stop();
  await deps.projector.stop();
  await closeAnalytics(deps.analytics);
  await deps.eventStore.close();
  await deps.supportReplays.close();
  await deps.actionLogs.close();
  await deps.database.close();
  deps.media.close();
}
