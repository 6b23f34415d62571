import type { Language } from '../features/i18n/i18nSlice';
import { blogArticle } from './blogArticles';
import type { ContentPage, Localized } from './contentTypes';
import { cryptoPayouts } from './cryptoPayouts';
import { customMade, forBuyers } from './forBuyers';
import { privacyPolicy } from './privacyPolicy';
import { forSellers } from './sellers/forSellers';
import { sellerPackage } from './sellers/package';
import { sellerRegistration } from './sellers/registration';
import { submissionRules } from './sellers/rules';
import { sellerSales } from './sellers/sales';
import { useOfSamples } from './sellers/useOfSamples';
import { termsAndConditions } from './termsAndConditions';

/** The six seller pages, in the order of their tabs; each exists in English and Russian. */
export const SELLER_PAGES: Readonly<Record<string, Localized<ContentPage>>> = {
  'for-sellers': forSellers,
  'for-sellers-package': sellerPackage,
  'for-sellers-registration': sellerRegistration,
  'for-sellers-rules': submissionRules,
  'for-sellers-sales': sellerSales,
  'for-sellers-use-of-samples': useOfSamples,
};

/** Pages in English only (the language middleware keeps them in English). */
export const ENGLISH_PAGES: Readonly<Record<string, ContentPage>> = {
  'privacy-policy': privacyPolicy,
  'for-buyers': forBuyers,
  'for-buyers-custom-made': customMade,
  'crypto-payouts': cryptoPayouts,
};

/** Headings of pages whose body is a form or a list rather than text. */
const OTHER_TITLES: Readonly<Record<string, string>> = {
  services: 'Sound services',
  contacts: 'Contact us',
  'terms-and-conditions': termsAndConditions.title,
};

/** The text content of a route in `language`, if it has any. */
export function contentPage(routeName: string, language: Language): ContentPage | undefined {
  return SELLER_PAGES[routeName]?.[language] ?? ENGLISH_PAGES[routeName] ?? blogArticle(routeName);
}

/**
 * The document title of a route: its page's own heading, in the page's language, then the
 * route table's title for pages without content of their own.
 */
export function pageTitle(routeName: string | null, language: Language, routeTitle: string): string {
  if (routeName === null) return routeTitle;
  const title = contentPage(routeName, language)?.title ?? OTHER_TITLES[routeName];
  return title ? `${title} | Beatcrate` : routeTitle;
}
