import { CHECKPOINT } from '../../shared/actionLog/checkpoint';
import { SESSION_STARTED } from '../../shared/actionLog/entry';
import { requestFailed } from '../../shared/api/apiClient';
import { matchRoute } from '../../shared/routes/matchRoute';
import { REDACTED } from '../../shared/schemas/personal';
import type { RootState } from '../../shared/store/rootReducer';

/**
 * What a support person reads for each action of the storefront's and the sites' slices: words
 * ("Typed coupon SUMMER90", "Opened the cart"), not the action's name. `plumbing` marks what the
 * app did on its own (progress bars, lists loaded, toasts closing): the console hides those until
 * "Show all". `input` names the field an action types into: a burst of them is one row
 * (shared/features/support/timelineRows.ts). Every action creator of every slice has its entry
 * here (stepLabels.test.ts enumerates them), so a new action cannot reach the console raw.
 *
 * A label repeats only what is not personal: the log holds `[REDACTED]` for names, emails and
 * addresses, and a label never names a field that held one.
 */

/** The tab's state around the entry: after it (null when the replay has no page loaded), and before it. */
export interface LabelContext {
  before: RootState | null;
  after: RootState | null;
}

type Say = (payload: unknown, context: LabelContext) => string;

interface Label {
  say: string | Say;
  plumbing?: true;
  /** The field typed into, for actions a person sends one of per keystroke or drag. */
  input?: string;
}

export interface StepWords {
  label: string;
  plumbing: boolean;
  input: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const field = (payload: unknown, name: string): unknown => (isRecord(payload) ? payload[name] : undefined);

/** A recorded value fit to show: a string or number the recorder kept (a redacted one is not shown). */
function shown(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || value === REDACTED || value.includes(REDACTED)) return null;
  return value;
}

const quoted = (value: unknown, fallback: string) => {
  const text = shown(value);
  return text === null ? fallback : text === '' ? '(empty)' : text;
};

/** A product's name as the tab knew it: in the cart, on its page, in the player, in the lists; else its number. */
function productName(id: unknown, { before, after }: LabelContext): string {
  for (const state of [after, before]) {
    if (!state) continue;
    const candidates = [
      // A row still on its way is the 'Loading' placeholder, not the product's name.
      ...(state.cart?.items ?? []).filter((item) => !item.isLoading).map((item) => item.product),
      state.product?.product,
      ...(state.player?.queue ?? []),
      ...(state.catalogue?.beats?.tracks ?? []),
      ...Object.values(state.catalogue?.home ?? {}).flat(),
      ...(state.producer?.tracks ?? []),
    ];
    const found = candidates.find((candidate) => isRecord(candidate) && candidate.id === id);
    const name = shown(field(found, 'name'));
    if (name) return name;
  }
  return `product ${shown(id) ?? '?'}`;
}

const productOf = (payload: unknown) => field(payload, 'product');
const namedProduct = (product: unknown, context: LabelContext) => shown(field(product, 'name')) ?? productName(field(product, 'id'), context);

/** A page in words: the cart, a product or producer by its name, or the route's title; with its address. */
function pageName(pathname: unknown, search: unknown, state: RootState | null): string {
  const path = shown(pathname) ?? '/';
  const address = `${path}${shown(search) ?? ''}`;
  const route = matchRoute(path)?.route;
  if (route?.name === 'cart') return `the cart${shown(search) ? ` (${address})` : ''}`;
  if (route?.name === 'product-id' && state?.product?.product) return `${shown(state.product.product.name) ?? 'a product'} (${address})`;
  if (route?.name === 'id' && state?.producer?.producer) return `${shown(state.producer.producer.artistName) ?? 'a producer'} (${address})`;
  return route ? `${route.title} (${address})` : address;
}

const count = (list: unknown, noun: string) => (Array.isArray(list) ? `${list.length} ${noun}${list.length === 1 ? '' : 's'}` : noun);
const message = (payload: unknown) => shown(typeof payload === 'string' ? payload : (field(payload, 'message') ?? field(payload, 'reason'))) ?? 'no reason given';
const dollars = (value: unknown) => (typeof value === 'number' ? `$${value.toFixed(2)}` : '');
/** A checkout's `expectedTotal`: the total the buyer was shown, in cents. */
const shownTotal = (payload: unknown) => {
  const cents = field(payload, 'expectedTotal');
  return typeof cents === 'number' ? dollars(cents / 100) : '';
};
const plumbing = (say: string | Say): Label => ({ say, plumbing: true });
const typed = (input: string, say: Say): Label => ({ say, input });

const NAVIGATION: Record<string, Label> = {
  [SESSION_STARTED]: { say: (payload) => `Loaded ${pageName(field(field(field(payload, 'state'), 'navigation'), 'pathname'), field(field(field(payload, 'state'), 'navigation'), 'search'), isRecord(field(payload, 'state')) ? (field(payload, 'state') as RootState) : null)}` },
  [CHECKPOINT]: plumbing((payload) => `Checkpoint ${quoted(field(payload, 'hash'), '?')}`),
  [requestFailed.type]: { say: (payload) => `Request failed: ${quoted(field(payload, 'method'), '?')} ${quoted(field(payload, 'path'), '?')} → ${quoted(field(payload, 'status'), '?')}` },
  'navigation/navigationRequested': plumbing((payload) => `Asked for ${shown(field(payload, 'pathname')) ?? '/'}${shown(field(payload, 'search')) ?? ''}`),
  'navigation/navigationArrived': {
    say: (payload, { after }) => (field(payload, 'error') ? `Page failed to open: ${pageName(field(payload, 'pathname'), field(payload, 'search'), null)}` : `Opened ${pageName(field(payload, 'pathname'), field(payload, 'search'), after)}`),
  },
  'navigation/navigationRedirected': { say: (payload) => `Sent on to ${quoted(field(payload, 'to'), 'another page')}` },
  'app/pageBecameVisible': plumbing('Came back to the tab'),
  'accountStream/started': plumbing('Listening for account changes'),
  'accountStream/stopped': plumbing('Stopped listening for account changes'),
  'popups/opened': { say: (payload) => `Opened the ${quoted(payload, '?')} popup` },
  'popups/closed': { say: (payload) => `Closed the ${quoted(payload, '?')} popup` },
  'popups/switched': { say: (payload) => `Switched from the ${quoted(field(payload, 'from'), '?')} popup to the ${quoted(field(payload, 'to'), '?')} popup` },
  'popups/sellerSwitchedToBuyer': { say: 'Chose to log in as a buyer instead' },
  'popups/frameOpened': { say: (payload) => `Opened the ${quoted(payload, '?')} popup` },
  'popups/frameClosed': { say: (payload) => `Closed the ${quoted(payload, '?')} popup` },
  'popups/frameSwapped': { say: (payload) => `Went on to the ${quoted(field(payload, 'to'), '?')} popup` },
  'navigation/changeQueryRequested': plumbing('Changed the page address'),
  'shell/couponCopyRequested': { say: (payload) => `Copied coupon ${quoted(payload, '(hidden)')}` },
  'pages/reportPopupOpened': { say: 'Opened the report form' },
  'pages/reportPopupClosed': { say: 'Closed the report form' },
};

const CART: Record<string, Label> = {
  'cart/cartToggleRequested': { say: (payload, context) => `Clicked the cart button of ${namedProduct(productOf(payload), context)}` },
  'cart/cartAddRequested': { say: (payload, context) => `Added ${namedProduct(productOf(payload), context)} to the cart` },
  'cart/cartAddSucceeded': plumbing((payload, context) => `The server added ${productName(payload, context)} to the cart`),
  'cart/cartAddFailed': { say: (payload, context) => `Adding ${productName(payload, context)} to the cart failed` },
  'cart/cartRemoveRequested': { say: (payload, context) => `Removed ${productName(payload, context)} from the cart` },
  'cart/cartRowDropped': plumbing((payload, context) => `Row of ${productName(payload, context)} left the cart`),
  'cart/cartItemDropped': plumbing((payload, context) => `The server removed ${productName(payload, context)} from the cart`),
  'cart/cartRemoveFailed': { say: (payload, context) => `Removing ${productName(payload, context)} from the cart failed` },
  'cart/cartProjectFileChangeRequested': {
    say: (payload, context) => `${field(payload, 'includeProjectFile') ? 'Added' : 'Took off'} the project file of ${productName(field(payload, 'productId'), context)}`,
  },
  'cart/cartProjectFileChangeFinished': plumbing((payload, context) => `The server changed the project file of ${productName(payload, context)}`),
  'cart/cartReloadRequested': plumbing('Reloading the cart'),
  'cart/cartLoaded': plumbing((payload, context) => {
    const items = field(payload, 'items');
    const names = Array.isArray(items) ? items.map((item) => namedProduct(field(item, 'product'), context)) : [];
    return `Cart loaded: ${names.length === 0 ? 'empty' : names.join(', ')}${typeof field(payload, 'total') === 'number' ? `, ${dollars(field(payload, 'total'))}` : ''}`;
  }),
  'cart/cartLoadFailed': { say: (payload) => `The cart failed to load: ${message(payload)}` },
  'cart/cartClearRequested': { say: 'Emptied the cart' },
  'cart/cartCleared': plumbing('The cart was emptied'),
  'cart/cartDropdownToggled': { say: (_payload, { after }) => (after?.cart?.isDropdownOpen === false ? 'Closed the cart menu' : 'Opened the cart menu') },
  'cart/cartDropdownClosed': plumbing('The cart menu closed'),
  'cart/couponInputChanged': typed('coupon', (payload) => `Typed coupon ${quoted(payload, '(hidden)')}`),
  'cart/couponApplied': { say: (_payload, { before }) => `Applied coupon ${quoted(before?.cart?.couponInput, '(hidden)')}` },
  'cart/couponRestored': plumbing((payload) => `Remembered coupon ${quoted(payload, '(hidden)')}`),
};

const CHECKOUT: Record<string, Label> = {
  'checkout/checkoutRequested': { say: 'Clicked Checkout' },
  'checkout/paymentFormOpened': { say: 'Opened the payment form' },
  'checkout/checkoutPopupClosed': { say: 'Closed the checkout popup' },
  'checkout/walletPaymentChosen': { say: (payload) => `Chose to pay with ${quoted(payload, 'a wallet')}` },
  'checkout/addressSubmitted': { say: (payload) => `Sent the billing address and paid ${shownTotal(payload)}`.trimEnd() },
  'checkout/cardPaymentSubmitted': { say: (payload) => `Paid ${shownTotal(payload)} by card` },
  'checkout/paypalPaymentSubmitted': { say: (payload) => `Paid ${shownTotal(payload)} with PayPal` },
  'checkout/stripeCardSubmitted': { say: (payload) => `Paid ${shownTotal(payload)} by card` },
  'checkout/stripeWalletConfirmed': { say: (payload) => `Paid ${shownTotal(payload)} with ${quoted(field(payload, 'walletType'), 'a wallet')}` },
  'checkout/stripeCardRejected': { say: (payload) => `The card was refused: ${message(payload)}` },
  'checkout/stripeFieldShown': plumbing('Card field shown'),
  'checkout/stripeFieldReady': plumbing('Card field ready'),
  'checkout/stripeFieldHidden': plumbing('Card field hidden'),
  'checkout/stripeFieldFailed': { say: (payload) => `The card field failed to load: ${message(payload)}` },
  'checkout/orderRedirecting': { say: 'Sent to the payment provider' },
  'checkout/orderReturned': { say: (payload) => (field(payload, 'cancelled') ? 'Came back from the payment provider, cancelled' : 'Came back from the payment provider') },
  'checkout/orderSucceeded': { say: (payload) => `Order ${quoted(field(payload, 'id'), '').slice(0, 8)} paid: ${dollars(field(payload, 'total'))}` },
  'checkout/orderFailed': { say: (payload) => `The order failed: ${message(payload)}` },
  'checkout/orderPriceChanged': { say: (payload) => `The price changed before paying: ${message(payload)}` },
  'checkout/downloadRequested': { say: 'Clicked a download link' },
  'checkout/downloadNotReady': { say: (payload) => `A download was not ready: ${message(payload)}` },
};

const AUTH: Record<string, Label> = {
  'auth/loginRequested': { say: 'Logged in (sent the form)' },
  'auth/loginIgnored': plumbing((payload) => `Login ignored: ${message(payload)}`),
  'auth/loginSucceeded': { say: 'Logged in' },
  'auth/loginFailed': { say: (payload) => `Login failed: ${message(payload)}` },
  'auth/loginErrorDismissed': plumbing('Login error closed'),
  'auth/loginFormCleared': plumbing('Login form cleared'),
  'auth/loginModeChanged': { say: (payload) => (payload === 'forgot' ? 'Opened "Forgot password"' : 'Back to the login form') },
  'auth/logoutRequested': { say: 'Logged out' },
  'auth/loggedOut': plumbing('Logged out on the server'),
  'auth/resetRequested': { say: 'Asked for a password reset mail' },
  'auth/resetSucceeded': plumbing('Password reset mail sent'),
  'auth/resetFailed': { say: (payload) => `Password reset failed: ${message(payload)}` },
  'auth/resetLinkChecked': plumbing((payload) => `Password reset link checked: ${quoted(field(payload, 'link'), '?')}`),
  'auth/newPasswordRequested': { say: 'Set a new password' },
  'auth/newPasswordSaved': plumbing('New password saved'),
  'auth/newPasswordFailed': { say: (payload) => `Setting a new password failed: ${message(payload)}` },
  'auth/registrationRequested': { say: 'Signed up (sent the form)' },
  'auth/registrationSucceeded': { say: 'Signed up' },
  'auth/registrationFailed': { say: (payload) => `Sign-up failed: ${message(payload)}` },
  'auth/registrationErrorDismissed': plumbing('Sign-up error closed'),
  'auth/registrationClosed': { say: 'Closed the sign-up form' },
  'auth/emailConfirmationChecked': { say: (payload) => (field(payload, 'confirmed') ? 'Confirmed the email address' : 'Email confirmation link refused') },
  'auth/countriesRequested': plumbing('Asked for the list of countries'),
  'auth/countriesLoaded': plumbing('Countries loaded'),
  'auth/userRefreshed': plumbing('Account details loaded'),
  'auth/proModeChanged': { say: (payload) => (payload ? 'Switched to producer mode' : 'Switched to buyer mode') },
  'auth/servicesRefused': { say: (payload) => `Services refused: ${message(payload)}` },
  'auth/servicesRefusalClosed': plumbing('Services refusal closed'),
};

const ACCOUNT: Record<string, Label> = {
  'account/accountProfileLoaded': plumbing('Account profile loaded'),
  'account/accountSessionsLoaded': plumbing('Signed-in devices loaded'),
  'account/accountFormSending': plumbing('Sending an account form'),
  'account/accountFormDone': { say: (payload) => `Account form saved${shown(field(payload, 'message')) ? `: ${shown(field(payload, 'message'))}` : ''}` },
  'account/accountFormRefused': { say: (payload) => `Account form refused: ${message(payload)}` },
  'account/accountFormDismissed': plumbing('Account form message closed'),
  'account/profileFormSent': { say: 'Saved the profile' },
  'account/emailFormSent': { say: 'Changed the email address' },
  'account/passwordFormSent': { say: 'Changed the password' },
  'account/avatarChosen': { say: 'Chose a new avatar' },
  'account/avatarRemoved': { say: 'Removed the avatar' },
  'account/deletionConfirmed': { say: 'Deleted the account' },
  'account/logOutEverywhereRequested': { say: 'Logged out on every device' },
};

const CATALOGUE: Record<string, Label> = {
  'catalogue/homeTracksLoaded': plumbing((payload) => `Home page list "${quoted(field(payload, 'category'), '?')}" loaded: ${count(field(payload, 'tracks'), 'product')}`),
  'catalogue/beatsFiltersChanged': { say: 'Changed the shop filters' },
  'catalogue/beatsPageLoaded': plumbing((payload) => `Shop list loaded: ${count(field(payload, 'tracks'), 'product')}`),
  'catalogue/beatsMoreRequested': { say: 'Scrolled for more products' },
  'catalogue/beatsMoreLoaded': plumbing((payload) => `More products loaded: ${count(field(payload, 'tracks'), 'product')}`),
  'catalogue/beatsMoreFailed': { say: (payload) => `More products failed to load: ${message(payload)}` },
  'catalogue/genresLoaded': plumbing('Genres loaded'),
  'catalogue/moodsLoaded': plumbing('Moods loaded'),
  'product/productPageLoaded': plumbing((payload) => `Product loaded: ${quoted(field(payload, 'name'), '?')}`),
  'producer/producerPageLoaded': plumbing((payload) => `Producer loaded: ${quoted(field(field(payload, 'producer'), 'artistName'), '?')}`),
  'producer/followClicked': { say: (_payload, { before }) => `Clicked Follow on ${quoted(before?.producer?.producer?.artistName, 'a producer')}` },
  'producer/followPending': plumbing('Following…'),
  'producer/followSucceeded': plumbing((payload) => `Follow saved: ${quoted(field(payload, 'artistName'), 'a producer')}`),
  'producer/followFailed': { say: (payload) => `Follow failed: ${message(payload)}` },
  'pages/soundServicesLoaded': plumbing('Services loaded'),
  'pages/contactFormSubmitted': { say: 'Sent the contact form' },
  'pages/reportFormSubmitted': { say: 'Reported a product' },
  'pages/subscribeFormSubmitted': { say: 'Subscribed to the newsletter' },
  'pages/pageFormSent': plumbing('Form sent'),
  'pages/pageFormFailed': { say: (payload) => `The form was refused: ${message(payload)}` },
  'pages/pageFormReset': plumbing('Form cleared'),
  'proMembership/proMembershipLoaded': plumbing('PRO membership loaded'),
  'i18n/languageChanged': { say: (payload) => `Changed the language to ${quoted(payload, '?')}` },
  'tagSearch/tagSearchTyped': typed('tag search', (payload) => `Searched tags for ${quoted(payload, '(hidden)')}`),
  'tagSearch/popularTagsRequested': plumbing('Asked for popular tags'),
  'tagSearch/popularTagsLoaded': plumbing('Popular tags loaded'),
  'tagSearch/autocompleteLoaderShown': plumbing('Tag suggestions loading'),
  'tagSearch/autocompleteLoaded': plumbing((payload) => `Tag suggestions loaded: ${count(field(payload, 'tags'), 'tag')}`),
  'tagSearch/autocompleteFailed': plumbing('Tag suggestions failed'),
  'tagSearch/selectedTagsChanged': { say: (payload) => `Chose tags ${Array.isArray(payload) ? payload.map((tag) => quoted(tag, '?')).join(', ') : ''}`.trimEnd() },
  'wishlist/wishlistToggleRequested': { say: (payload, context) => `Clicked the heart of ${productName(field(payload, 'productId') ?? field(field(payload, 'product'), 'id'), context)}` },
  'wishlist/wishlistAddStarted': { say: (payload, context) => `Added ${productName(payload, context)} to the wishlist` },
  'wishlist/wishlistRemoveStarted': { say: (payload, context) => `Took ${productName(payload, context)} off the wishlist` },
  'wishlist/wishlistAddRolledBack': { say: (payload, context) => `Adding ${productName(payload, context)} to the wishlist failed` },
  'wishlist/wishlistRemoveRolledBack': { say: (payload, context) => `Taking ${productName(payload, context)} off the wishlist failed` },
  'wishlist/wishlistChangeSettled': plumbing((payload, context) => `The wishlist change of ${productName(payload, context)} was saved`),
  'wishlist/wishlistLoaded': plumbing((payload) => `Wishlist loaded: ${count(payload, 'product')}`),
  'wishlist/wishlistReloadRequested': plumbing('Reloading the wishlist'),
};

const PLAYER: Record<string, Label> = {
  'player/trackPlayRequested': { say: (payload, context) => `Played ${namedProduct(field(payload, 'track'), context)}` },
  'player/queueTrackSelected': { say: (payload, context) => `Played ${productName(payload, context)} from the queue` },
  'player/playRequested': { say: 'Pressed play' },
  'player/pauseRequested': { say: 'Pressed pause' },
  'player/nextRequested': { say: 'Skipped to the next track' },
  'player/previousRequested': { say: 'Went back to the previous track' },
  'player/trackEnded': plumbing('The track ended'),
  'player/trackLoaded': plumbing((payload, context) => `Player loaded ${productName(field(payload, 'trackId'), context)}`),
  'player/trackPeaksLoaded': plumbing((payload, context) => `Player drew the waveform of ${productName(field(payload, 'trackId'), context)}`),
  'player/trackLoadFailed': { say: (payload, context) => `The player could not load ${productName(payload, context)}` },
  'player/timeUpdated': plumbing('Playback time'),
  'player/seekRequested': typed('player position', (payload) => `Moved the player to ${typeof payload === 'number' ? `${Math.round(payload)} s` : '?'}`),
  'player/waveformSeeked': typed('player position', (payload) => `Moved the player to ${typeof payload === 'number' ? `${Math.round(payload)} s` : '?'}`),
  'player/dragStarted': plumbing('Started dragging the player position'),
  'player/dragEnded': plumbing('Stopped dragging the player position'),
  'player/volumeChanged': typed('volume', (payload) => `Set the volume to ${typeof payload === 'number' ? `${Math.round(payload * 100)}%` : '?'}`),
  'player/volumeRestored': plumbing('Volume remembered'),
  'player/miniToggled': { say: 'Folded or unfolded the player' },
  'player/playerClosed': { say: 'Closed the player' },
  'player/titleOverflowMeasured': plumbing('Player title measured'),
  'player/titleScrollFlipped': plumbing('Player title scrolled'),
};

const SHELL: Record<string, Label> = {
  'shell/panelToggled': { say: (payload) => `Opened or closed the ${quoted(payload, '?')} panel` },
  'shell/panelClosed': plumbing('Panel closed'),
  'shell/progressStarted': plumbing('Progress bar started'),
  'shell/progressFinished': plumbing('Progress bar finished'),
  'shell/progressHidden': plumbing('Progress bar hidden'),
  'shell/backgroundReadFailed': { say: (payload) => `Could not load ${quoted(field(payload, 'what'), 'a part of the page')}; the page went on without it: ${message(payload)}` },
  'shell/flowFailed': { say: (payload) => `A part of the page broke (${quoted(field(payload, 'flow'), '?')}) and restarts: ${message(payload)}` },
  'notifications/notificationShown': { say: (payload) => `Saw the message "${quoted(field(payload, 'message') ?? field(payload, 'text'), '…')}"` },
  'notifications/notificationHidden': plumbing('Message closed'),
  'notifications/errorToastShown': { say: (payload) => `Saw the error "${quoted(field(payload, 'message'), '…')}"` },
  'notifications/errorToastHovered': plumbing('Pointer over the error'),
  'notifications/errorToastHidden': plumbing('Error closed'),
};

/** The dashboard's and admin site's pages: a buyer's session may cross into them (their purchases, a producer's studio). */
const SITES: Record<string, Label> = {
  'sites/dashboardHomeLoaded': plumbing('Dashboard loaded'),
  'sites/adminSummaryLoaded': plumbing('Admin dashboard loaded'),
  'library/purchasesLoaded': plumbing('Purchases loaded'),
  'library/salesLoaded': plumbing('Sales loaded'),
  'library/orderMailRequested': { say: 'Asked for the order mail again' },
  'library/orderMailSent': plumbing('Order mail sent again'),
  'library/orderMailFailed': { say: (payload) => `Sending the order mail again failed: ${message(payload)}` },
  'buyer/followingLoaded': plumbing('Followed producers loaded'),
  'buyer/wishlistPageLoaded': plumbing('Wishlist page loaded'),
  'buyer/supportOrdersLoaded': plumbing('Orders for support loaded'),
  'buyer/unfollowRequested': { say: 'Unfollowed a producer' },
  'buyer/unfollowSucceeded': plumbing('Unfollow saved'),
  'buyer/unfollowFailed': { say: (payload) => `Unfollowing failed: ${message(payload)}` },
  'customOrders/customOrderRequested': { say: 'Ordered a custom service' },
  'customOrders/customOrderLoaded': plumbing('Custom order loaded'),
  'customOrders/customOrderFailed': { say: (payload) => `Custom order failed: ${message(payload)}` },
  'customOrders/customOrderStepRequested': { say: 'Moved a custom order on' },
  'customOrders/customOrderStepDone': plumbing('Custom order moved on'),
  'customOrders/deliveryRequested': { say: 'Delivered a custom order' },
  'customOrders/myCustomOrdersLoaded': plumbing('Custom orders loaded'),
  'customOrders/offerToOrderLoaded': plumbing('Offer loaded'),
  'customOrders/producerCustomOrdersLoaded': plumbing('Producer custom orders loaded'),
  'customOrders/shopCustomOrdersLoaded': plumbing('Shop custom orders loaded'),
  'producerOffers/myOffersLoaded': plumbing('Offers loaded'),
  'producerOffers/offerEditOpened': { say: 'Opened an offer to edit' },
  'producerOffers/offerEditClosed': { say: 'Closed the offer form' },
  'producerOffers/offerEditSubmitted': { say: 'Saved an offer' },
  'producerOffers/offerEditRefused': { say: (payload) => `Offer refused: ${message(payload)}` },
  'producerOffers/offerSubmitted': { say: 'Made an offer' },
  'producerOffers/offerMade': plumbing('Offer made'),
  'producerOffers/offerSaved': plumbing('Offer saved'),
  'producerOffers/offerRefused': { say: (payload) => `Offer refused: ${message(payload)}` },
  'producerOffers/offerRefusalDismissed': plumbing('Offer refusal closed'),
  'producerOffers/offerWithdrawalAsked': { say: 'Asked to withdraw an offer' },
  'producerOffers/offerWithdrawalConfirmed': { say: 'Withdrew an offer' },
  'producerOffers/offerWithdrawalDropped': { say: 'Kept the offer' },
  'producerOffers/offerWithdrawn': plumbing('Offer withdrawn'),
  'producerOffers/offerWithdrawalFailed': { say: (payload) => `Withdrawing the offer failed: ${message(payload)}` },
  'studio/studioBeatsLoaded': plumbing('My beats loaded'),
  'studio/uploadFormOpened': { say: 'Opened the upload form' },
  'studio/uploadFormClosed': { say: 'Closed the upload form' },
  'studio/beatUploadRequested': { say: 'Uploaded a beat' },
  'studio/beatUploadProgressed': plumbing('Upload progress'),
  'studio/beatUploaded': plumbing('Beat uploaded'),
  'studio/beatUploadFailed': { say: (payload) => `Upload failed: ${message(payload)}` },
  'studio/beatUploadCancelled': { say: 'Cancelled an upload' },
  'studio/beatEditOpened': { say: 'Opened a beat to edit' },
  'studio/beatEditClosed': { say: 'Closed the beat form' },
  'studio/beatEditSubmitted': { say: 'Saved a beat' },
  'studio/beatEditSaved': plumbing('Beat saved'),
  'studio/beatEditRefused': { say: (payload) => `Beat refused: ${message(payload)}` },
  'studio/beatRemovalAsked': { say: 'Asked to remove a beat' },
  'studio/beatRemovalConfirmed': { say: 'Removed a beat' },
  'studio/beatRemovalDropped': { say: 'Kept the beat' },
  'studio/beatRemoved': plumbing('Beat removed'),
  'studio/beatRemovalFailed': { say: (payload) => `Removing the beat failed: ${message(payload)}` },
  'studio/verificationLoaded': plumbing('Producer verification loaded'),
  'studio/verificationSubmitted': { say: 'Sent the producer verification' },
  'studio/verificationFormSent': { say: 'Sent the producer verification form' },
  'studio/verificationSending': plumbing('Sending the producer verification'),
  'studio/verificationRefused': { say: (payload) => `Producer verification refused: ${message(payload)}` },
  'studio/verificationErrorDismissed': plumbing('Verification error closed'),
  'money/balancesLoaded': plumbing('Balances loaded'),
  'money/myEarningsRequested': plumbing('Asked for earnings'),
  'money/myEarningsLoaded': plumbing('Earnings loaded'),
  'money/couponsLoaded': plumbing('Coupons loaded'),
  'money/couponSaveRequested': { say: 'Saved a coupon' },
  'money/couponSaved': plumbing('Coupon saved'),
  'money/couponExpireRequested': { say: 'Ended a coupon' },
  'money/payoutRequested': { say: 'Recorded a payout' },
  'money/payoutRecorded': plumbing('Payout recorded'),
  'money/statementsLoaded': plumbing('Statements loaded'),
  'money/statementLoaded': plumbing('Statement loaded'),
  'money/moneyCallFailed': { say: (payload) => `A money request failed: ${message(payload)}` },
  'moderation/pendingProducersLoaded': plumbing('Pending producers loaded'),
  'moderation/pendingTracksLoaded': plumbing('Pending tracks loaded'),
  'moderation/reportedTracksLoaded': plumbing('Reported tracks loaded'),
  'moderation/decisionRequested': { say: 'Made a moderation decision' },
  'moderation/decisionMade': plumbing('Moderation decision saved'),
  'moderation/decisionFailed': { say: (payload) => `Moderation decision failed: ${message(payload)}` },
  'adminLists/listLoaded': plumbing('List loaded'),
  'adminLists/listSearchRefused': { say: (payload) => `Search refused: ${message(payload)}` },
  'adminLists/buyerLoaded': plumbing('Buyer loaded'),
  'adminLists/producerLoaded': plumbing('Producer loaded'),
  'adminLists/trackLoaded': plumbing('Track loaded'),
  'adminLists/orderLoaded': plumbing('Order loaded'),
  'adminLists/adminActionRequested': { say: 'Took an admin action' },
  'adminLists/adminActionDone': plumbing('Admin action done'),
  'adminLists/adminActionFailed': { say: (payload) => `Admin action failed: ${message(payload)}` },
  'analyticsReports/shopReportLoaded': plumbing('Shop report loaded'),
  'analyticsReports/producerReportLoaded': plumbing('Producer report loaded'),
  'analyticsReports/reportRangeChosen': { say: 'Chose a report range' },
  'analyticsReports/reportRangeRefused': { say: (payload) => `Report range refused: ${message(payload)}` },
  'analyticsReports/reportReadFailed': { say: (payload) => `Report failed to load: ${message(payload)}` },
  'analyticsConsole/analyticsConsoleLoaded': plumbing('Analytics keys and webhooks loaded'),
  'analyticsConsole/analyticsCallFailed': { say: (payload) => `An analytics request failed: ${message(payload)}` },
  'analyticsConsole/analyticsKeyRequested': { say: 'Made an analytics key' },
  'analyticsConsole/analyticsKeyMade': plumbing('Analytics key made'),
  'analyticsConsole/analyticsKeyRevokeRequested': { say: 'Revoked an analytics key' },
  'analyticsConsole/analyticsKeyRevoked': plumbing('Analytics key revoked'),
  'analyticsConsole/analyticsSecretCopyRequested': { say: 'Copied a secret' },
  'analyticsConsole/analyticsSecretCopied': plumbing('Secret copied'),
  'analyticsConsole/analyticsSecretDismissed': plumbing('Secret hidden'),
  'analyticsConsole/analyticsWebhookRequested': { say: 'Made a webhook' },
  'analyticsConsole/analyticsWebhookMade': plumbing('Webhook made'),
  'analyticsConsole/analyticsWebhookChangeRequested': { say: 'Changed a webhook' },
  'analyticsConsole/analyticsWebhookChanged': plumbing('Webhook changed'),
  'analyticsConsole/analyticsWebhookDeleted': plumbing('Webhook deleted'),
  'analyticsConsole/analyticsDeliveriesRequested': { say: 'Opened webhook deliveries' },
  'analyticsConsole/analyticsDeliveriesLoaded': plumbing('Webhook deliveries loaded'),
  'analyticsConsole/analyticsDeliveriesClosed': { say: 'Closed webhook deliveries' },
  'support/supportSearchLoaded': plumbing('Support sessions loaded'),
  'support/supportSearchRefused': { say: (payload) => `Support search refused: ${message(payload)}` },
  'support/supportSessionLoaded': plumbing('Support session loaded'),
  'support/supportStepChosen': { say: 'Chose a step of a support session' },
  'support/supportShowAllChosen': { say: (payload) => (payload ? 'Showed every step of a support session' : 'Hid the plumbing of a support session') },
  'support/supportStepShown': plumbing('Support step shown'),
  'support/supportStepLoaded': plumbing('Support step loaded'),
  'support/supportStepFailed': { say: (payload) => `Support step failed: ${message(payload)}` },
  'support/supportImportRequested': { say: 'Imported a session' },
  'support/supportImportDone': plumbing('Session imported'),
};

export const STEP_LABELS: Readonly<Record<string, Label>> = { ...NAVIGATION, ...CART, ...CHECKOUT, ...AUTH, ...ACCOUNT, ...CATALOGUE, ...PLAYER, ...SHELL, ...SITES };

/** An entry's words, by its type; an action this build does not know keeps its name, visibly, since it may matter. */
export function stepWords(type: string, payload: unknown, context: LabelContext): StepWords {
  const label = Object.hasOwn(STEP_LABELS, type) ? STEP_LABELS[type]! : undefined;
  if (!label) return { label: `Unlabelled action ${type}`, plumbing: false, input: null };
  let text: string;
  try {
    text = typeof label.say === 'string' ? label.say : label.say(payload, context);
  } catch {
    // The payload came from whoever wrote the log: a shape the label does not expect still gets a row.
    text = `${type} (its payload is not the expected shape)`;
  }
  return { label: text, plumbing: label.plumbing ?? false, input: label.input ?? null };
}
