import { BLOG_ROUTES } from '../../../shared/routes/routeTable';

/** SPEC §2: the storefront menu, in the header, the navigation panel and the footer. */
export const SHOP_LINKS = [
  { title: 'Beats', href: '/beats' },
  { title: 'Services', href: '/services' },
] as const;

export const HOW_IT_WORKS_LINKS = [
  { title: 'For buyers', href: '/for-buyers' },
  { title: 'For sellers', href: '/for-sellers' },
] as const;

export const BLOG_LINKS = BLOG_ROUTES.map((route) => ({ title: route.title, href: route.path }));

/** Where the storefront is found elsewhere (SPEC §1 "footer with social links"). */
export const SOCIAL_LINKS = [
  { title: 'Instagram', href: 'https://www.instagram.com/beatcrate' },
  { title: 'YouTube', href: 'https://www.youtube.com/@beatcrate' },
  { title: 'X', href: 'https://x.com/beatcrate' },
  { title: 'Facebook', href: 'https://www.facebook.com/beatcrate' },
] as const;
