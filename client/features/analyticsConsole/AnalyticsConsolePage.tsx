import { selectAnalyticsConsoleStatus } from '../../../shared/features/analyticsConsole/analyticsConsoleSlice';
import { useAppSelector } from '../../store/hooks';
import { ApiKeysSection } from './ApiKeysSection';
import { RevealedSecretPanel } from './RevealedSecretPanel';
import { WebhooksSection } from './WebhooksSection';

/**
 * `Analytics keys and webhooks` (`/admin/analytics`, issue 13): who may read the analytics stream
 * and where it is pushed. Admins only; to everyone else the page does not exist.
 */
export function AnalyticsConsolePage() {
  const status = useAppSelector(selectAnalyticsConsoleStatus);
  return (
    <>
      <p className="moderation-status" role="status">
        {status ?? ''}
      </p>
      <RevealedSecretPanel />
      <ApiKeysSection />
      <WebhooksSection />
    </>
  );
}
