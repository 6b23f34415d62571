import type { ComponentType } from 'react';
import type { RouteName } from '../shared/routes/routeTable';
import { SITE_ROUTES } from '../shared/sites/siteRoutes';
import type { Language } from '../shared/features/i18n/i18nSlice';
import { CartPage } from './features/cart/CartPage';
import { BeatsPage } from './features/catalogue/BeatsPage';
import { HomePage } from './features/home/HomePage';
import { ProducerPage } from './features/producer/ProducerPage';
import { ProductPage } from './features/product/ProductPage';

/**
 * Which component renders each route, and where its code lives. The shop's own pages (home, the
 * catalogue, a product, a producer, the cart) come with the first script. The rest arrive in
 * chunks of their own when first visited, so a buyer's phone never downloads or parses them:
 * `content` (articles, terms, the PRO membership, the account e-mail pages), `sites` (the
 * dashboard and the admin console) and `support` (the session console). The browser loads a
 * route's chunk before the page arrives (the navigate saga's `pageCode` port, and before
 * hydration); the server loads them all once, so its renders stay synchronous.
 */
const EAGER: Readonly<Partial<Record<RouteName, ComponentType>>> = {
  index: HomePage,
  beats: BeatsPage,
  id: ProducerPage,
  'beatmaker-id': ProducerPage,
  'product-id': ProductPage,
  cart: CartPage,
};

type PageTable = Readonly<Partial<Record<RouteName, ComponentType>>>;
type Chunk = 'content' | 'sites' | 'support';
/** The content chunk also knows its pages' headings, which the tab's title repeats. */
type ContentTitles = { pageTitle(routeName: string | null, language: Language, routeTitle: string): string };

const CHUNKS: Record<Chunk, () => Promise<{ PAGES: PageTable } & Partial<ContentTitles>>> = {
  content: () => import(/* webpackChunkName: "content" */ './chunks/contentChunk'),
  sites: () => import(/* webpackChunkName: "sites" */ './chunks/sitesChunk'),
  support: () => import(/* webpackChunkName: "support" */ './chunks/supportChunk'),
};

const SITE_ROUTE_NAMES = new Set<string>(SITE_ROUTES.map((route) => route.name));
const SUPPORT_ROUTE_NAMES = new Set<string>(['admin-support-sessions', 'admin-support-session']);

/** Every other route's page, if it has one, is in the content chunk (those without show their title). */
const chunkOf = (name: RouteName): Chunk => (SUPPORT_ROUTE_NAMES.has(name) ? 'support' : SITE_ROUTE_NAMES.has(name) ? 'sites' : 'content');

const loadedChunks = new Map<Chunk, { PAGES: PageTable } & Partial<ContentTitles>>();

async function loadChunk(chunk: Chunk): Promise<void> {
  if (!loadedChunks.has(chunk)) loadedChunks.set(chunk, await CHUNKS[chunk]());
}

/** A route's component: undefined when it has none, `'loading'` while its chunk has not arrived. */
export function pageComponent(name: RouteName): ComponentType | 'loading' | undefined {
  const eager = EAGER[name];
  if (eager) return eager;
  const chunk = loadedChunks.get(chunkOf(name));
  return chunk ? chunk.PAGES[name] : 'loading';
}

/** Fetches the chunk a route's page is in, once; the shop's own pages need none. */
export async function loadPage(name: RouteName): Promise<void> {
  if (!EAGER[name]) await loadChunk(chunkOf(name));
}

/** Every chunk: the server before it renders, and tests that render any page. */
export async function loadEveryPage(): Promise<void> {
  await Promise.all((Object.keys(CHUNKS) as Chunk[]).map(loadChunk));
}

/**
 * The tab's title for a route, as the server wrote it: a content page's own heading (its chunk is
 * loaded whenever its route is shown), else the route table's title.
 */
export function pageTitle(routeName: RouteName | null, language: Language, routeTitle: string): string {
  return loadedChunks.get('content')?.pageTitle?.(routeName, language, routeTitle) ?? routeTitle;
}
