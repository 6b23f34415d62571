import { beatcrateVsAirbitVsBeatstars } from './blog/beatcrateVsAirbitVsBeatstars';
import { bestAlternativeToBeatstars } from './blog/bestAlternativeToBeatstars';
import { buyBeatsOnline } from './blog/buyBeatsOnline';
import { isItEverWorthLeasingBeats } from './blog/isItEverWorthLeasingBeats';
import { marketplacesToBuyAndSellBeats } from './blog/marketplacesToBuyAndSellBeats';
import { problemWithBeatLeasingContracts } from './blog/problemWithBeatLeasingContracts';
import { tenWaysToMakeMoneyAsABeatmaker } from './blog/tenWaysToMakeMoneyAsABeatmaker';
import { whatIsBeatGhostProduction } from './blog/whatIsBeatGhostProduction';
import type { BlogArticle } from './contentTypes';

/** The blog, in the order of BLOG_ROUTES (shared/routes/routeTable.ts). */
export const BLOG_ARTICLES: readonly BlogArticle[] = [
  buyBeatsOnline,
  bestAlternativeToBeatstars,
  marketplacesToBuyAndSellBeats,
  isItEverWorthLeasingBeats,
  problemWithBeatLeasingContracts,
  tenWaysToMakeMoneyAsABeatmaker,
  beatcrateVsAirbitVsBeatstars,
  whatIsBeatGhostProduction,
];

export function blogArticle(routeName: string): BlogArticle | undefined {
  return BLOG_ARTICLES.find((article) => article.routeName === routeName);
}
