import { isValidProducerId } from '../domain/producerId';
import type { FeatureFlags } from '../features/config/configSlice';
import { SITE_ROUTES, type SitePage } from '../sites/siteRoutes';

/**
 * The route table of SPEC §2, declared once: the server renders from it and the browser
 * navigates by it. Paths use react-router's syntax (`:param`, a last `:param?`), matched by matchRoute.ts.
 */
export interface RouteDefinition {
  name: string;
  path: string;
  /** The document title, and the page heading where the page has no content of its own yet. */
  title: string;
  /** A route may validate its params; failing gives the 404 page. */
  validate?: (params: Record<string, string | undefined>) => boolean;
  /** Middleware run on this route in addition to the global ones. */
  middleware?: readonly string[];
  /** A route behind a feature flag gives the 404 page while the flag is off. */
  feature?: keyof FeatureFlags;
  /** A page of the dashboard or admin site: checked against the visitor's role (shared/sites/siteRoutes.ts). */
  sitePage?: SitePage;
}

export const BLOG_ROUTES = [
  { name: 'buy-beats-online', path: '/buy-beats-online', title: 'Buy beats online' },
  { name: 'best-alternative-to-beatstars', path: '/best-alternative-to-beatstars', title: 'The best alternative to BeatStars' },
  { name: 'marketplaces-to-buy-and-sell-beats', path: '/marketplaces-to-buy-and-sell-beats', title: 'Marketplaces to buy and sell beats' },
  { name: 'is-it-ever-worth-leasing-beats', path: '/is-it-ever-worth-leasing-beats', title: 'Is it ever worth leasing beats?' },
  { name: 'problem-with-beat-leasing-contracts', path: '/problem-with-beat-leasing-contracts', title: 'The problem with beat leasing contracts' },
  { name: '10-ways-to-make-money-as-a-beatmaker', path: '/10-ways-to-make-money-as-a-beatmaker', title: '10 ways to make money as a beatmaker' },
  {
    name: 'beatcrate-vs-airbit-vs-beatstars-best-platform-to-sell-beats',
    path: '/beatcrate-vs-airbit-vs-beatstars-best-platform-to-sell-beats',
    title: 'Beatcrate vs Airbit vs BeatStars: the best platform to sell beats',
  },
  { name: 'what-is-beat-ghost-production', path: '/what-is-beat-ghost-production', title: 'What is beat ghost production?' },
] as const satisfies readonly RouteDefinition[];

export const SELLER_ROUTE_NAMES = [
  'for-sellers',
  'for-sellers-package',
  'for-sellers-registration',
  'for-sellers-rules',
  'for-sellers-sales',
  'for-sellers-use-of-samples',
] as const;

const producerParamIsValid = (params: Record<string, string | undefined>) =>
  params.id !== undefined && isValidProducerId(params.id);

export const ROUTES = [
  { name: 'index', path: '/', title: 'Beatcrate: buy beats online' },
  { name: 'beats', path: '/beats', title: 'Shop' },
  { name: 'product-id', path: '/product/:id', title: 'Product' },
  { name: 'product', path: '/product', title: 'Product' },
  { name: 'beatmaker-id', path: '/beatmaker/:id', title: 'Beatmaker', validate: producerParamIsValid, feature: 'producerPage' },
  { name: 'beatmaker', path: '/beatmaker', title: 'Beatmaker' },
  { name: 'cart', path: '/cart', title: 'Cart' },
  { name: 'services', path: '/services', title: 'Services' },
  { name: 'contacts', path: '/contacts', title: 'Contacts us' },
  { name: 'pro-membership', path: '/pro-membership', title: 'PRO Membership', feature: 'proMembership' },
  { name: 'crypto-payouts', path: '/crypto-payouts', title: 'Crypto payouts' },
  { name: 'privacy-policy', path: '/privacy-policy', title: 'Privacy policy' },
  { name: 'terms-and-conditions', path: '/terms-and-conditions', title: 'Terms & Conditions' },
  { name: 'for-buyers', path: '/for-buyers', title: 'How it works: for buyers' },
  { name: 'for-buyers-custom-made', path: '/for-buyers/custom-made', title: 'Custom-made beats' },
  { name: 'for-buyers-purchases-shop', path: '/for-buyers/purchases-shop', title: 'Purchases in the shop' },
  { name: 'for-sellers', path: '/for-sellers', title: 'How it works: for sellers' },
  { name: 'for-sellers-package', path: '/for-sellers/package', title: 'Seller package' },
  { name: 'for-sellers-registration', path: '/for-sellers/registration', title: 'Seller registration' },
  { name: 'for-sellers-rules', path: '/for-sellers/rules', title: 'Submission rules' },
  { name: 'for-sellers-sales', path: '/for-sellers/sales', title: 'Sales' },
  { name: 'for-sellers-use-of-samples', path: '/for-sellers/use-of-samples', title: 'Use of samples' },
  { name: 'email-confirmation-token', path: '/email-confirmation/:token?', title: 'Email confirmation' },
  { name: 'reset-password-token', path: '/reset-password/:token?', title: 'Reset password' },
  ...BLOG_ROUTES,
  ...SITE_ROUTES,
  { name: 'id', path: '/:id', title: 'Beatmaker', validate: producerParamIsValid, feature: 'producerPage' },
] as const satisfies readonly RouteDefinition[];

/** Every route's name: the keys of the preloaders (sagas/navigation/routePreloaders.ts) and the pages (client/App.tsx). */
export type RouteName = (typeof ROUTES)[number]['name'];

const ROUTE_NAMES: ReadonlySet<string> = new Set(ROUTES.map((route) => route.name));
export const isRouteName = (name: string): name is RouteName => ROUTE_NAMES.has(name);

/** Middleware that runs on every route change, in this order (SPEC §2). */
export const GLOBAL_MIDDLEWARE = ['redirects', 'changeLanguage'] as const;
