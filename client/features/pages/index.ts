import type { ComponentType } from 'react';
import { BLOG_ROUTES } from '../../../shared/routes/routeTable';
import { ContactsPage } from './ContactsPage';
import { ServicesPage } from './ServicesPage';
import { BlogArticlePage, InfoPage, PrivacyPolicyPage, SellerPage } from './TextPages';

export { DocumentTitle } from './DocumentTitle';
export { ReportViolation } from './ReportViolation';
export { SubscribeForm } from './SubscribeForm';

/** The content pages by route name, for the PAGES map of client/App.tsx. */
export const CONTENT_PAGES: Readonly<Record<string, ComponentType>> = {
  'privacy-policy': PrivacyPolicyPage,
  'for-buyers': InfoPage,
  'for-buyers-custom-made': InfoPage,
  'crypto-payouts': InfoPage,
  'for-sellers': SellerPage,
  'for-sellers-package': SellerPage,
  'for-sellers-registration': SellerPage,
  'for-sellers-rules': SellerPage,
  'for-sellers-sales': SellerPage,
  'for-sellers-use-of-samples': SellerPage,
  services: ServicesPage,
  contacts: ContactsPage,
  ...Object.fromEntries(BLOG_ROUTES.map((route) => [route.name, BlogArticlePage])),
};
