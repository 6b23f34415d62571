import express from 'express';
import type { AppDeps } from '../appDeps';
import { applyOutcome, orderIdForPayment } from '../commerce/settlePayment';
import type { CardPayments, PayPalPayments } from '../payments/paymentProvider';
import { WebhookSignatureError } from '../payments/paymentProvider';

const WEBHOOK_BODY_LIMIT = '256kb';

/**
 * POST /ecommerce/payments/stripe/webhook and /ecommerce/payments/paypal/webhook. Only these
 * routes read the raw body, which the signature covers; a notice that arrives twice, late, or
 * after the browser's own confirmation goes through the same idempotent order commands.
 */
export function paymentWebhookRouter(deps: AppDeps): express.Router {
  const router = express.Router();
  const mount = (path: string, payments: CardPayments | PayPalPayments) => {
    router.post(path, express.raw({ type: '*/*', limit: WEBHOOK_BODY_LIMIT }), async (request, response) => {
      if (!payments.verifyWebhook) return response.status(404).json({ statusCode: 404, message: `${payments.provider} sends no webhooks here` });
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(request.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      try {
        const notice = await payments.verifyWebhook({ rawBody, headers });
        if (!notice?.outcome.providerPaymentId) return response.json({ received: true });
        const orderId = (await orderIdForPayment(deps, payments.provider, notice.outcome.providerPaymentId)) ?? notice.orderId;
        // A notice for an order we never placed (another shop on the same account) is acknowledged and dropped.
        if (orderId && (await deps.eventStore.readLastEvent(`order-${orderId}`))) await applyOutcome(deps, orderId, notice.outcome);
        response.json({ received: true });
      } catch (error) {
        if (error instanceof WebhookSignatureError) return response.status(400).json({ statusCode: 400, message: error.message });
        throw error;
      }
    });
  };
  mount('/ecommerce/payments/stripe/webhook', deps.payments.card);
  mount('/ecommerce/payments/paypal/webhook', deps.payments.paypal);
  return router;
}
