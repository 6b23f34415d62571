import { PRELOADED_STATE_ID } from '../../shared/domain/constants';
import type { RootState } from '../../shared/store/rootReducer';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';

const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_secretNeverInThePage',
  STRIPE_WEBHOOK_SECRET: 'whsec_neverInThePage',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_storefrontKey',
};

function preloadedState(html: string): RootState {
  const match = new RegExp(`<script type="application/json" id="${PRELOADED_STATE_ID}">([^<]*)</script>`).exec(html);
  if (!match) throw new Error('no preloaded state in the page');
  return JSON.parse(match[1]!) as RootState;
}

/** The CSP directive's sources, e.g. sources(csp, 'script-src') → ["'self'"]. */
function sources(csp: string, directive: string): string[] | null {
  const found = csp.split(';').map((part) => part.trim().split(/\s+/)).find(([name]) => name === directive);
  return found ? found.slice(1) : null;
}

describe('Stripe on the storefront follows the configuration', () => {
  let app: TestApp;
  afterEach(async () => {
    await app.close();
  });

  test('without Stripe keys: the CSP allows no Stripe origin and the page carries no key', async () => {
    app = await startTestApp();
    const response = await fetch(`${app.baseUrl}/cart`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(sources(csp, 'script-src')).toEqual(["'self'"]);
    expect(sources(csp, 'frame-src')).toBeNull();
    expect(sources(csp, 'connect-src')).toEqual(["'self'"]);
    expect(csp).not.toContain('stripe.com');
    const html = await response.text();
    expect(preloadedState(html).config.stripePublishableKey).toBeUndefined();
  });

  test('with Stripe keys: Stripe.js, its frames and its API are allowed; the page carries the publishable key and never the secrets', async () => {
    app = await startTestApp({ env: STRIPE_ENV });
    const response = await fetch(`${app.baseUrl}/cart`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(sources(csp, 'script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(sources(csp, 'frame-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(sources(csp, 'connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    const html = await response.text();
    expect(preloadedState(html).config.stripePublishableKey).toBe('pk_test_storefrontKey');
    expect(html).not.toContain(STRIPE_ENV.STRIPE_SECRET_KEY);
    expect(html).not.toContain(STRIPE_ENV.STRIPE_WEBHOOK_SECRET);
    // The API answers carry no key either.
    const cartAnswer = await fetch(`${app.baseUrl}/api/v1/ecommerce/cart`);
    expect(await cartAnswer.text()).not.toMatch(/sk_test_|whsec_/);
  });
});
