import type { Config } from '../config';
import type { Payments } from './paymentProvider';
import { PayPalOrders } from './paypalProvider';
import { SandboxPayments } from './sandboxProvider';
import { createStripeClient, StripeCardPayments } from './stripeProvider';

/** Stripe and PayPal when their keys are configured; the offline sandbox for whichever is not. */
export function createPayments(config: Config): Payments {
  const { stripe, paypal } = config.commerce;
  const sandbox = new SandboxPayments();
  const card = stripe.secretKey ? new StripeCardPayments(createStripeClient(stripe), stripe.webhookSecret) : sandbox.card;
  const paypalPayments = paypal.clientId ? new PayPalOrders(paypal) : sandbox.paypal;
  const usesSandbox = card.provider === 'sandbox' || paypalPayments.provider === 'sandbox';
  return { card, paypal: paypalPayments, sandbox: usesSandbox ? sandbox : null };
}
