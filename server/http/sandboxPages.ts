import express from 'express';
import { formatCents } from '../../shared/domain/money';
import type { AppDeps } from '../appDeps';
import { orderLocks, readOrder, runOrderCommand } from '../commerce/orders';
import { applyOutcome, releaseReservations } from '../commerce/settlePayment';
import { isOpen } from '../domain/order/orderDecider';
import type { SandboxPayment, SandboxPayments } from '../payments/sandboxProvider';
import { escapeHtml } from '../escapeHtml';

const TITLES: Record<SandboxPayment['kind'], { title: string; approve: string; decline: string }> = {
  card: { title: 'Card payment', approve: 'Complete', decline: 'Fail' },
  threeDSecure: { title: '3-D Secure authentication', approve: 'Complete authentication', decline: 'Fail authentication' },
  wallet: { title: 'Wallet payment', approve: 'Pay', decline: 'Cancel' },
  paypal: { title: 'PayPal', approve: 'Approve payment', decline: 'Cancel and return to Beatcrate' },
};

function page(payment: SandboxPayment): string {
  const text = TITLES[payment.kind];
  const done = payment.status !== 'requires_action';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox: ${escapeHtml(text.title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem">
<p><strong>Beatcrate payment sandbox</strong> — no real money moves here.</p>
<h1>${escapeHtml(text.title)}</h1>
<p>Amount: ${formatCents(payment.amountCents)}</p>
${
  done
    ? `<p>This payment is ${escapeHtml(payment.status.replace('_', ' '))}.</p><p><a href="${escapeHtml(payment.returnUrl)}">Back to Beatcrate</a></p>`
    : `<form method="post" action="/sandbox-pay/${payment.id}/approve"><button type="submit">${escapeHtml(text.approve)}</button></form>
<form method="post" action="/sandbox-pay/${payment.id}/decline" style="margin-top: 1rem"><button type="submit">${escapeHtml(text.decline)}</button></form>`
}
</body></html>`;
}

/**
 * The pages a buyer would see at the provider: the 3-D Secure challenge, the wallet sheet and the
 * PayPal approval. Finishing a card step records the outcome at once, as Stripe's webhook would;
 * a PayPal approval sends the buyer back to the cart, whose saga calls the capture endpoint.
 */
export function sandboxPagesRouter(deps: AppDeps, sandbox: SandboxPayments): express.Router {
  const router = express.Router();
  const find = async (id: string) => (/^sbx_[0-9a-f]{24}$/.test(id) ? sandbox.get(id) : undefined);
  router.get('/:id', async (request, response) => {
    const payment = await find(request.params.id);
    if (!payment) return response.status(404).type('text').send('No such sandbox payment');
    // Under the app's Referrer-Policy (no-referrer) a browser posts these forms with `Origin: null`,
    // which the cross-site guard refuses; same-origin keeps the real Origin on our own posts.
    response.set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin' }).type('html').send(page(payment));
  });
  router.post('/:id/approve', async (request, response) => {
    const found = await find(request.params.id);
    if (!found) return response.status(404).type('text').send('No such sandbox payment');
    const payment = await sandbox.approve(found.id);
    if (payment.kind !== 'paypal') await applyOutcome(deps, payment.orderId, sandbox.outcome(payment));
    response.redirect(303, payment.returnUrl);
  });
  router.post('/:id/decline', async (request, response) => {
    const found = await find(request.params.id);
    if (!found) return response.status(404).type('text').send('No such sandbox payment');
    const payment = await sandbox.decline(found.id);
    if (payment.kind === 'paypal') {
      await orderLocks.run(payment.orderId, async () => {
        const order = await readOrder(deps, payment.orderId);
        // Already paid, failed or cancelled: the buyer's late click changes nothing.
        if (order.status === 'none' || !isOpen(order.status)) return;
        const { append } = await runOrderCommand(deps, payment.orderId, { type: 'CancelOrder', reason: 'The PayPal payment was cancelled.' });
        if (append) await releaseReservations(deps, order.placement);
      });
    } else {
      await applyOutcome(deps, payment.orderId, sandbox.outcome(payment));
    }
    response.redirect(303, payment.kind === 'paypal' ? payment.cancelUrl : payment.returnUrl);
  });
  return router;
}
