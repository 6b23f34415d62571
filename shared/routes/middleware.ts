import { SELLER_ROUTE_NAMES } from './routeTable';
import type { RouteMatch } from './matchRoute';
import type { Language } from '../features/i18n/i18nSlice';

export interface MiddlewareContext {
  pathname: string;
  query: URLSearchParams;
  match: RouteMatch | null;
}

/** What a middleware asks the navigation to do; an empty result lets it continue. */
export interface MiddlewareResult {
  redirect?: string;
  language?: Language;
}

type Middleware = (context: MiddlewareContext) => MiddlewareResult;

const PURCHASES_SHOP = '/for-buyers/purchases-shop';

export const ROUTE_MIDDLEWARE: Readonly<Record<string, Middleware>> = {
  redirects: ({ pathname }) => (pathname.includes(PURCHASES_SHOP) ? { redirect: '/for-buyers' } : {}),
  changeLanguage: ({ query, match }) => {
    const onSellerPage = (SELLER_ROUTE_NAMES as readonly string[]).includes(match?.route.name ?? '');
    return { language: onSellerPage && query.get('language') === 'ru' ? 'ru' : 'en' };
  },
};
