import { is } from 'superstruct';
import { type PaymentOutcome, PaymentProviderError, type PayPalPayments, type WebhookNotice, type WebhookRequest, WebhookSignatureError } from './paymentProvider';
import { PayPalEvent, PayPalOrder, PayPalRefusal, PayPalRelatedOrder, PayPalToken, PayPalVerification } from './paypalAnswers';

export interface PayPalOptions {
  clientId: string;
  clientSecret: string;
  /** https://api-m.sandbox.paypal.com or https://api-m.paypal.com */
  apiUrl: string;
  webhookId: string;
  timeoutMs?: number;
}

/** Network failures and 5xx answers are retried this many times, with the same PayPal-Request-Id. */
const RETRIES = 2;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** PayPal Orders v2 over fetch: OAuth client credentials, PayPal-Request-Id on every write, webhook signatures checked by PayPal. */
export class PayPalOrders implements PayPalPayments {
  readonly provider = 'paypal' as const;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly options: PayPalOptions) {}

  private async send(path: string, init: { method: string; body?: unknown; requestId?: string; form?: string; auth?: string }): Promise<{ status: number; json: unknown }> {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(`${this.options.apiUrl}${path}`, {
          method: init.method,
          headers: {
            Authorization: init.auth ?? `Bearer ${await this.accessToken()}`,
            ...(init.form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : { 'Content-Type': 'application/json' }),
            ...(init.requestId ? { 'PayPal-Request-Id': init.requestId } : {}),
          },
          body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
        });
        const text = await response.text();
        if (response.status >= 500 && attempt < RETRIES) continue;
        return { status: response.status, json: parsedAnswer(text) };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        if (attempt >= RETRIES) throw new PaymentProviderError(`PayPal ${init.method} ${path} failed`, { cause: error });
      }
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const { status, json } = await this.send('/v1/oauth2/token', { method: 'POST', form: 'grant_type=client_credentials', auth: `Basic ${basic}` });
    if (status !== 200 || !is(json, PayPalToken)) throw new PaymentProviderError(`PayPal refused our credentials (${status})`);
    // A minute early, so a token never expires between our check and PayPal's.
    this.token = { value: json.access_token, expiresAt: Date.now() + ((json.expires_in ?? 300) - 60) * 1000 };
    return this.token.value;
  }

  private orderOutcome(order: PayPalOrder): PaymentOutcome {
    switch (order.status) {
      case 'COMPLETED':
        return { status: 'succeeded', providerPaymentId: order.id };
      case 'VOIDED':
        return { status: 'canceled', providerPaymentId: order.id };
      default: {
        const approve = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href ?? null;
        return { status: 'requires_action', providerPaymentId: order.id, nextActionUrl: approve, clientSecret: null };
      }
    }
  }

  private expectOrder(status: number, json: unknown, what: string): PayPalOrder {
    if (status >= 200 && status < 300 && is(json, PayPalOrder)) return json;
    throw new PaymentProviderError(`PayPal ${what} answered ${status}`);
  }

  async createOrder({ orderId, amountCents, returnUrl, cancelUrl }: Parameters<PayPalPayments['createOrder']>[0]): Promise<PaymentOutcome> {
    const { status, json } = await this.send('/v2/checkout/orders', {
      method: 'POST',
      requestId: `order-${orderId}`,
      body: {
        intent: 'CAPTURE',
        purchase_units: [{ reference_id: orderId, custom_id: orderId, amount: { currency_code: 'USD', value: dollars(amountCents) } }],
        payment_source: {
          paypal: { experience_context: { return_url: returnUrl, cancel_url: cancelUrl, user_action: 'PAY_NOW', shipping_preference: 'NO_SHIPPING' } },
        },
      },
    });
    return this.orderOutcome(this.expectOrder(status, json, 'create order'));
  }

  async capture(providerPaymentId: string, orderId: string): Promise<PaymentOutcome> {
    const { status, json } = await this.send(`/v2/checkout/orders/${encodeURIComponent(providerPaymentId)}/capture`, {
      method: 'POST',
      requestId: `capture-${orderId}`,
      body: {},
    });
    if (status === 422) {
      const issue = is(json, PayPalRefusal) ? json.details[0]?.issue : undefined;
      if (issue === 'ORDER_NOT_APPROVED') return this.retrieve(providerPaymentId);
      if (issue === 'ORDER_ALREADY_CAPTURED') return { status: 'succeeded', providerPaymentId };
      if (issue === 'INSTRUMENT_DECLINED') return { status: 'failed', providerPaymentId, reason: 'PayPal declined the payment.' };
    }
    const order = this.expectOrder(status, json, 'capture');
    const captureStatus = order.purchase_units?.[0]?.payments?.captures?.[0]?.status;
    if (captureStatus === 'DECLINED' || captureStatus === 'FAILED') return { status: 'failed', providerPaymentId, reason: 'PayPal declined the payment.' };
    return this.orderOutcome(order);
  }

  async retrieve(providerPaymentId: string): Promise<PaymentOutcome> {
    const { status, json } = await this.send(`/v2/checkout/orders/${encodeURIComponent(providerPaymentId)}`, { method: 'GET' });
    return this.orderOutcome(this.expectOrder(status, json, 'order lookup'));
  }

  async refund(providerPaymentId: string, orderId: string): Promise<void> {
    const { status, json } = await this.send(`/v2/checkout/orders/${encodeURIComponent(providerPaymentId)}`, { method: 'GET' });
    const captureId = this.expectOrder(status, json, 'order lookup').purchase_units?.[0]?.payments?.captures?.[0]?.id;
    if (!captureId) return;
    const refund = await this.send(`/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, { method: 'POST', requestId: `refund-${orderId}`, body: {} });
    if (refund.status >= 300) throw new PaymentProviderError(`PayPal refund answered ${refund.status}`);
  }

  /** PayPal checks its own signature: we send the transmission headers and the event back to it. */
  async verifyWebhook({ rawBody, headers }: WebhookRequest): Promise<WebhookNotice | null> {
    const event = parsedAnswer(rawBody.toString('utf8'));
    if (!is(event, PayPalEvent)) throw new WebhookSignatureError('The webhook body is not a PayPal event');
    const { status, json } = await this.send('/v1/notifications/verify-webhook-signature', {
      method: 'POST',
      body: {
        auth_algo: headers['paypal-auth-algo'],
        cert_url: headers['paypal-cert-url'],
        transmission_id: headers['paypal-transmission-id'],
        transmission_sig: headers['paypal-transmission-sig'],
        transmission_time: headers['paypal-transmission-time'],
        webhook_id: this.options.webhookId,
        webhook_event: event,
      },
    });
    if (status !== 200 || !is(json, PayPalVerification) || json.verification_status !== 'SUCCESS') throw new WebhookSignatureError();
    const resource = event.resource ?? {};
    const related = is(resource.supplementary_data, PayPalRelatedOrder) ? resource.supplementary_data.related_ids.order_id : undefined;
    const orderId = typeof resource.custom_id === 'string' ? resource.custom_id : null;
    switch (event.event_type) {
      case 'PAYMENT.CAPTURE.COMPLETED':
        return related ? { orderId, outcome: { status: 'succeeded', providerPaymentId: related } } : null;
      case 'PAYMENT.CAPTURE.DENIED':
        return related ? { orderId, outcome: { status: 'failed', providerPaymentId: related, reason: 'PayPal declined the payment.' } } : null;
      default:
        return null;
    }
  }
}

/** An answer's JSON, or undefined when it is empty or not JSON (which no decoder above accepts). */
function parsedAnswer(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}
