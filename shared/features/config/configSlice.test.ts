import configSlice, {
  DEFAULT_FEATURES,
  selectCaptchaEnabled,
  selectFeatures,
  selectStripePublishableKey,
  type PublicConfig,
} from './configSlice';

// The slice has no reducers: the server's configuration arrives as preloaded state.
const root = (changes: Partial<PublicConfig> = {}) => ({ config: { ...configSlice.reducer(undefined, { type: 'init' }), ...changes } });

describe('config slice', () => {
  test('without configuration the default flags apply and the robot check is off', () => {
    expect(selectFeatures(root())).toEqual(DEFAULT_FEATURES);
    expect(selectCaptchaEnabled(root())).toBe(false);
    expect(selectCaptchaEnabled(root({ captcha: true }))).toBe(true);
  });

  test('an absent or empty Stripe key is none, so the sandbox’s test cards are used', () => {
    expect(selectStripePublishableKey(root())).toBeNull();
    expect(selectStripePublishableKey(root({ stripePublishableKey: '' }))).toBeNull();
    expect(selectStripePublishableKey(root({ stripePublishableKey: 'pk_test_123' }))).toBe('pk_test_123');
  });
});
