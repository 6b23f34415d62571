import { accountEndpoints } from './accountEndpoints';
import { actionLogEndpoints } from './actionLogEndpoints';
import { authEndpoints } from './authEndpoints';
import { captchaEndpoints } from './captchaEndpoints';
import { cartEndpoints } from './cartEndpoints';
import { catalogueEndpoints } from './catalogueEndpoints';
import { countryEndpoints } from './countryEndpoints';
import { customOrderEndpoints } from './customOrderEndpoints';
import { producerOfferEndpoints } from './producerOfferEndpoints';
import type { Endpoint } from './endpoint';
import { healthEndpoints } from './healthEndpoints';
import { moderationEndpoints } from './moderationEndpoints';
import { supportEndpoints } from './supportEndpoints';
import { moneyEndpoints } from './moneyEndpoints';
import { pageEndpoints } from './pageEndpoints';
import { orderEndpoints } from './orderEndpoints';
import { producerEndpoints } from './producerEndpoints';
import { studioEndpoints } from './studioEndpoints';
import { siteEndpoints } from './siteEndpoints';
import { trackEndpoints } from './trackEndpoints';
import { trackPlayEndpoints } from './trackPlayEndpoints';
import { verificationEndpoints } from './verificationEndpoints';
import { wishlistEndpoints } from './wishlistEndpoints';
import { libraryEndpoints } from './libraryEndpoints';
import { adminEndpoints } from './adminEndpoints';
import { analyticsReportEndpoints } from './analyticsReportEndpoints';
import { analyticsAccessEndpoints } from './analyticsAccessEndpoints';

/** Every call under /api/v1, served over HTTP and in-process alike. */
export const API_ENDPOINTS: readonly Endpoint[] = [
  ...healthEndpoints,
  ...actionLogEndpoints,
  ...trackEndpoints,
  ...authEndpoints,
  ...captchaEndpoints,
  ...countryEndpoints,
  ...catalogueEndpoints,
  ...producerEndpoints,
  ...pageEndpoints,
  ...trackPlayEndpoints,
  ...cartEndpoints,
  ...wishlistEndpoints,
  ...orderEndpoints,
  ...verificationEndpoints,
  ...moderationEndpoints,
  ...supportEndpoints,
  ...studioEndpoints,
  ...siteEndpoints,
  ...libraryEndpoints,
  ...customOrderEndpoints,
  ...producerOfferEndpoints,
  ...adminEndpoints,
  ...analyticsReportEndpoints,
  ...analyticsAccessEndpoints,
  ...moneyEndpoints,
  ...accountEndpoints,
];
