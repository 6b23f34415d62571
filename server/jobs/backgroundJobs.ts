import type { AppDeps } from '../appDeps';
import { expireActionLogs } from '../actionLog/actionLogExpiry';
import { MASTERS_JOB, MASTERS_JOB_EVERY_MS, renderSoldMasters } from '../commerce/demoMasters';
import { ORDER_MAIL_GRACE_MS, sendOverdueOrderMails } from '../commerce/orderMailQueue';
import { reconcileOpenOrders } from '../commerce/reconcile';
import type { Job } from './jobRunner';

const ACTION_LOG_EXPIRY_EVERY_MS = 60 * 60_000;

/** Every background job of the server, with its schedule from the configuration. */
export function backgroundJobs(deps: AppDeps, log: (line: string) => void): Job[] {
  return [
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
      // Each run is idempotent; the lease only saves a second server the same work.
      name: 'action-log-expiry',
      everyMs: ACTION_LOG_EXPIRY_EVERY_MS,
      atStartup: true,
      run: async () => {
        await expireActionLogs(deps.database, deps.config.actionLog, deps.clock.now());
      },
    },
    {
      // Sold demo beats' masters, rendered once each (server/commerce/demoMasters.ts).
      name: MASTERS_JOB,
      everyMs: MASTERS_JOB_EVERY_MS,
      atStartup: true,
      run: () => renderSoldMasters(deps, log),
    },
  ];
}
