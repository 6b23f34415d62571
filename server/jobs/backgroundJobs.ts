import type { AppDeps } from '../appDeps';
import { reconcileOpenOrders } from '../commerce/reconcile';
import type { Job } from './jobRunner';

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
  ];
}
