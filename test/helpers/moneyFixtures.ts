import { grantRole } from '../../server/auth/staffRoles';
import type { Order } from '../../shared/schemas/order';
import { ApiBrowser, registration } from './accountClient';
import { asShown } from './shownTotal';
import type { TestApp } from './testApp';

/** Accounts and purchases for the coupon, payout and statement suites, through the real API. */
export function moneyActors(app: () => TestApp, prefix: string) {
  let counter = 0;
  const visitor = () => new ApiBrowser(app().baseUrl, { 'X-Forwarded-For': `10.9.${prefix.length}.${++counter}` });
  const account = async (role: 'client' | 'producer' = 'client') => {
    const browser = visitor();
    const email = `${prefix}${counter}@example.com`;
    const extra = role === 'producer' ? { selectedRole: 'producer', socialNetwork: 'facebook.com/maker' } : {};
    const response = await browser.json('POST', '/auth/register', registration({ email, ...extra }));
    if (response.status !== 201) throw new Error(`register ${email}: ${response.status}`);
    return { browser, email };
  };
  return {
    buyer: async () => (await account()).browser,
    producer: async () => (await account('producer')).browser,
    /** A staff account: granted the role, then logged in again so its session carries it. */
    staff: async (role: 'admin' | 'moderator') => {
      const { browser, email } = await account();
      if ((await grantRole(app().deps, email, role)) !== 'granted') throw new Error(`grant ${role} to ${email}`);
      const login = await browser.json('POST', '/auth/login', { email, password: registration().password, remember: true });
      if (login.status !== 200) throw new Error(`login ${email}: ${login.status}`);
      return browser;
    },
    /** Fills the buyer's cart and pays by the sandbox's card that succeeds (or `card`) the total the cart shows. */
    buy: async (browser: ApiBrowser, productIds: number[], coupon: string | null = null, card = 'pm_card_visa') => {
      for (const product of productIds) {
        const added = await browser.json('POST', '/ecommerce/cart', { product, includeProjectFile: false });
        if (added.status !== 200) throw new Error(`add ${product}: ${added.status}`);
      }
      return browser.json<Order & { message?: string }>('POST', '/ecommerce/orders/stripe', await asShown(browser, { stripePaymentMethodId: card, coupon }));
    },
  };
}
