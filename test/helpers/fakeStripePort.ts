import type { StripeFieldEvent, StripePort, StripeResult } from '../../shared/api/stripePort';

/**
 * Stands in for Stripe.js, a third party a test cannot reach: the same port, with the answers a
 * test chooses and every call recorded. `emit` plays what Stripe's mounted fields would tell.
 */
export class FakeStripePort implements StripePort {
  readonly calls: string[] = [];
  mounted: Parameters<StripePort['mount']>[0] | null = null;
  private listener: ((event: StripeFieldEvent) => void) | null = null;
  cardResult: { paymentMethodId: string } | { error: string } = { paymentMethodId: 'pm_1FakeCardFromStripeJs' };
  walletResult: StripeResult = { error: null };
  nextActionResult: StripeResult = { error: null };

  mount(options: Parameters<StripePort['mount']>[0], onEvent: (event: StripeFieldEvent) => void): () => void {
    this.calls.push(`mount ${options.amountCents}`);
    this.mounted = options;
    this.listener = onEvent;
    return () => {
      this.calls.push('unmount');
      this.mounted = null;
      this.listener = null;
    };
  }

  emit(event: StripeFieldEvent): void {
    if (!this.listener) throw new Error('Stripe fields are not mounted');
    this.listener(event);
  }

  async createCardPaymentMethod() {
    this.calls.push('createCardPaymentMethod');
    return this.cardResult;
  }

  async confirmWalletPayment(clientSecret: string, returnPath: string) {
    this.calls.push(`confirmWalletPayment ${clientSecret} ${returnPath}`);
    return this.walletResult;
  }

  walletPaymentFailed(): void {
    this.calls.push('walletPaymentFailed');
  }

  async handleNextAction(clientSecret: string) {
    this.calls.push(`handleNextAction ${clientSecret}`);
    return this.nextActionResult;
  }
}
