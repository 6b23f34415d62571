/** Business constants and limits of SPEC §9, in one place for server and browser. */
export const TAGS = { maxLength: 30, maxSearchTags: 3, autocompleteLoaderMs: 200 } as const;
export const PASSWORD = { minLength: 5, maxLength: 70 } as const;
export const PRODUCER_ID = { minLength: 3, maxLength: 50 } as const;
export const BPM_RANGE = { min: 60, max: 250 } as const;
export const PRICE_RANGE_USD = { min: 199, max: 999 } as const;
export const HOME_TRACKS_PER_CATEGORY = 7;
export const SITEWIDE_SALE = { percent: 30, month: 12, firstDay: 1, lastDay: 31 } as const;
/** The announcement bar's code for SITEWIDE_SALE; coupons are lowercased before use. */
export const SITEWIDE_COUPON_CODE = 'december30';
export const MAX_SELLER_DISCOUNT_PERCENT = 30;
export const EDM_CONTACTS_COUNT_LABEL = 'Over 2300 contacts';
export const DOWNLOAD_DAYS = 180;
export const CIS_COUNTRIES = ['Russia', 'Kazakhstan', 'Belarus'] as const;

export const TIMERS_MS = {
  popupSwitch: 300,
  notification: 4500,
  copyNotification: 1500,
  errorToast: 5000,
  titleScroll: 6500,
  progressBar: 5000,
  progressBarThrottle: 200,
  progressBarHide: 500,
  chunkReloadGuard: 60000,
  streamRetry: 5000,
  healthRecheck: 200,
  volumeSaveDebounce: 1000,
  nextPreviousDebounce: 500,
  cartRemoval: 150,
  pageDataMinPending: 200,
} as const;
export const STREAM_MAX_RETRIES = 1800;

export const DEFAULTS = { volume: 1, windowWidth: 1280 } as const;

export const LAYOUT_PX = {
  desktopMinWidth: 1280,
  wrapperMaxWidth: 1300,
  headerHeight: 55,
  tabletHeaderHeight: 45,
  playerHeight: 68,
  playerHeightNarrow: 97,
  cartListMaxHeight: 162,
  cartRowCollapse: 200,
  tagDropdown: 261,
  countryDropdownMaxHeight: 200,
  mobileSubmenu: 150,
} as const;

export const API_PREFIX = '/api/v1';
export const DEFAULT_PORT = 3001;

/** Element id of the server-rendered page's preloaded Redux state. */
export const PRELOADED_STATE_ID = '__PRELOADED_STATE__';
/** Element id of the action-log id and proof the server issued with the page (outside the state: DESIGN contract 4). */
export const ACTION_LOG_TICKET_ID = '__ACTION_LOG_TICKET__';
