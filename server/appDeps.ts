import type { ActionLogs } from './actionLog/actionLogs';
import type { Analytics } from './analytics/analytics';
import type { ActionLogTickets } from './actionLog/actionLogTickets';
import type { OrderMailSender } from './commerce/orderMailQueue';
import type { ResolveHost } from './analytics/webhookTargets';
import type { Config } from './config';
import type { Database } from './db/database';
import type { EventStore } from './eventStore/eventStore';
import type { Logger } from './logging/logger';
import type { AccountFeed } from './http/accountFeed';
import type { Mailer } from './mail/mailer';
import type { MediaStorage } from './media/storage/mediaStorage';
import type { Payments } from './payments/paymentProvider';
import type { Projector } from './projections/projector';
import type { SupportReplays } from './support/supportReplays';

export interface Clock {
  now(): Date;
}

/** Everything the app needs from outside, passed in so tests build it with real parts. */
export interface AppDeps {
  config: Config;
  database: Database;
  eventStore: EventStore;
  projector: Projector;
  /** The one subscription this process's open account streams share. */
  accountFeed: AccountFeed;
  clock: Clock;
  mailer: Mailer;
  /** Card, wallet and PayPal payments: Stripe and PayPal with keys, else the built-in sandbox. */
  payments: Payments;
  /** Issues and checks the action-log ids handed to each rendered page. */
  actionLogTickets: ActionLogTickets;
  /** Where action logs are stored and read: off the event loop, and on SQLite in a file of their own. */
  actionLogs: ActionLogs;
  /** The support console's replays of those logs, on a thread of their own within a budget. */
  supportReplays: SupportReplays;
  /** The analytics stream: its derivation from domain events, its pseudonyms, its live tail (issue 13). */
  analytics: Analytics;
  /** Previews, images and the private files download links serve: local disk or an S3 bucket. */
  media: MediaStorage;
  /** Sends paid orders' mails right after the requests that paid (server/commerce/orderMailQueue.ts). */
  orderMails: OrderMailSender;
  /** The DNS lookup webhook receivers' names are checked and connected with: the system's (a test gives its own). */
  resolveHost: ResolveHost;
  /**
   * The logger (server/logging/logger.ts): the process's, or a test's that captures its lines. A
   * line written while a request is handled carries that request's id by itself.
   */
  log: Logger;
}
