import { deliverWebhooks, WEBHOOKS_JOB, WEBHOOKS_JOB_EVERY_MS } from '../analytics/webhookDelivery';
import type { AppDeps } from '../appDeps';
import { deriveBrowserEvents } from '../analytics/browserDerivation';
import { CONTRACTS_JOB, CONTRACTS_JOB_EVERY_MS, issueLicenceContracts } from '../contracts/issueContracts';
import { MASTERS_JOB, MASTERS_JOB_EVERY_MS, renderSoldMasters } from '../commerce/demoMasters';
import { ORDER_MAIL_GRACE_MS, sendOverdueOrderMails } from '../commerce/orderMailQueue';
import { reconcileOpenOrders } from '../commerce/reconcile';
import { REFUND_MAIL_CLAIM_MS, sendDueRefundMails } from '../commerce/refundMailQueue';
import { ABANDONED_FILES_EVERY_MS, ABANDONED_FILES_JOB, sweepAbandonedFiles } from '../media/abandonedFiles';
import { processWaitingUploads } from '../studio/beatProcessing';
import { CUSTOM_ORDERS_JOB_EVERY_MS, runCustomOrderWork } from '../customOrders/customOrderProcess';
import type { Logger } from '../logging/logger';
import type { Job } from './jobRunner';

const ACTION_LOG_EXPIRY_EVERY_MS = 60 * 60_000;
/** Tabs ship their logs every 2 s; what they saw reaches the analytics stream about as often. */
const ANALYTICS_BROWSER_EVERY_MS = 2_000;
/** Uploads are looked for this often; a producer watches the page while theirs waits. */
const BEAT_PROCESSING_EVERY_MS = 1_000;
/** Renewed every 10 s while a master is processed; a server that died mid-upload holds it up for at most this long. */
const BEAT_PROCESSING_LEASE_MS = 30_000;

/** Every background job of the server, with its schedule from the configuration; each run's lines carry its `job` (JobRunner). */
export function backgroundJobs(deps: AppDeps, log: Logger = deps.log): Job[] {
  return [
    {
      // Uploads wait in the studio read model; processing survives a restart (the product stays `processing`).
      name: 'beat-processing',
      everyMs: BEAT_PROCESSING_EVERY_MS,
      atStartup: true,
      leaseMs: BEAT_PROCESSING_LEASE_MS,
      run: (signal) => processWaitingUploads(deps, signal, log),
    },
    {
      // Partial uploads and temporary masters a killed server left behind (server/media/abandonedFiles.ts).
      name: ABANDONED_FILES_JOB,
      everyMs: ABANDONED_FILES_EVERY_MS,
      atStartup: true,
      run: () => sweepAbandonedFiles(deps, log),
    },
    {
      name: 'payment-reconciliation',
      everyMs: deps.config.commerce.reconcileEveryMs,
      atStartup: true,
      run: async () => {
        await reconcileOpenOrders(deps, log);
      },
    },
    {
      // Mails the request that paid could not send (it crashed, or SMTP refused for a while).
      name: 'order-mails',
      everyMs: ORDER_MAIL_GRACE_MS,
      atStartup: true,
      run: () => sendOverdueOrderMails(deps),
    },
    {
      // Refund mails the refunding request did not send (it crashed, or SMTP refused for a while).
      name: 'refund-mails',
      everyMs: REFUND_MAIL_CLAIM_MS,
      atStartup: true,
      run: () => sendDueRefundMails(deps),
    },
    {
      // Each run is idempotent; the lease only saves a second server the same work.
      name: 'action-log-expiry',
      everyMs: ACTION_LOG_EXPIRY_EVERY_MS,
      atStartup: true,
      run: async () => {
        await deps.actionLogs.expire(deps.config.actionLog, deps.clock.now());
      },
    },
    {
      // Sold demo beats' masters, rendered once each (server/commerce/demoMasters.ts).
      name: MASTERS_JOB,
      everyMs: MASTERS_JOB_EVERY_MS,
      atStartup: true,
      run: () => renderSoldMasters(deps, log),
    },
    {
      // Licence contracts of sold beats, one PDF each (server/contracts/issueContracts.ts).
      name: CONTRACTS_JOB,
      everyMs: CONTRACTS_JOB_EVERY_MS,
      atStartup: true,
      run: () => issueLicenceContracts(deps),
    },
    {
      // The browser's half of the analytics stream, read from the action logs (server/analytics/browserDerivation.ts).
      name: 'analytics-browser-events',
      everyMs: ANALYTICS_BROWSER_EVERY_MS,
      atStartup: true,
      run: async () => {
        await deriveBrowserEvents(deps);
      },
    },
    {
      // Custom orders follow their payments and refunds, and each step's mail goes out (server/customOrders/customOrderProcess.ts).
      name: 'custom-orders',
      everyMs: CUSTOM_ORDERS_JOB_EVERY_MS,
      atStartup: true,
      run: () => runCustomOrderWork(deps),
    },
    {
      // Analytics webhooks: each receiver's batches in stream order, retried with backoff (server/analytics/webhookDelivery.ts).
      name: WEBHOOKS_JOB,
      everyMs: WEBHOOKS_JOB_EVERY_MS,
      atStartup: true,
      run: (signal) => deliverWebhooks(deps, signal),
    },
  ];
}
