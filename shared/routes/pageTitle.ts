import { BLOG_ROUTES, ROUTES } from './routeTable';

/** Pages whose tablet header shows the logo rather than a title (SPEC §2 "Tablet and mobile"). */
const UNTITLED = new Set(['index', 'services', 'terms-and-conditions', 'privacy-policy']);
const BLOG = new Set<string>(BLOG_ROUTES.map((route) => route.name));

/**
 * The title the header shows below 1280 px: Shop, Cart, Beatmaker, How it works, Contacts us,
 * PRO Membership, Blog, or the product's own name; null where the logo stands instead.
 */
export function tabletPageTitle(routeName: string | null, productName: string | null): string | null {
  if (routeName === null || UNTITLED.has(routeName)) return null;
  if (routeName === 'product-id') return productName ?? 'Product';
  if (routeName === 'id' || routeName.startsWith('beatmaker')) return 'Beatmaker';
  if (routeName.startsWith('for-buyers') || routeName.startsWith('for-sellers')) return 'How it works';
  if (BLOG.has(routeName)) return 'Blog';
  return ROUTES.find((route) => route.name === routeName)?.title ?? null;
}

/** The shop shows search and filter buttons in the tablet header. */
export const hasShopTools = (routeName: string | null) => routeName === 'beats';
