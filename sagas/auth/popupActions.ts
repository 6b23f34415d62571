import { createAction } from '@reduxjs/toolkit';
import type { UrlPopup } from '../../shared/routes/popupQuery';

export const popupOpened = createAction<UrlPopup>('popups/opened');
export const popupClosed = createAction<UrlPopup>('popups/closed');
/** Closes one popup and opens the other after 300 ms (SPEC §2, §4). */
export const popupSwitched = createAction<{ from: UrlPopup; to: UrlPopup }>('popups/switched');
/**
 * 'Buyer log in' on the sellers-unavailable popup: log out, then the login popup after 300 ms,
 * carrying the services address the seller was refused after logging in (null: it is in the URL).
 */
export const sellerSwitchedToBuyer = createAction<string | null>('popups/sellerSwitchedToBuyer');
/** A popup without a query key of its own (terms, PRO purchase…) opens: it joins the `frame` list. */
export const frameOpened = createAction<string>('popups/frameOpened');
export const frameClosed = createAction<string>('popups/frameClosed');
/**
 * One popup takes the place of others in the same history entry (the payment form's outcome
 * replaces the form, so Back does not reopen a form already paid); with none of `from` open, `to`
 * opens as a new entry.
 */
export const frameSwapped = createAction<{ from: string[]; to: string }>('popups/frameSwapped');
