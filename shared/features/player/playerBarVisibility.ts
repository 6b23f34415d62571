/**
 * SPEC §2: the player bar is hidden on the cart page (an error page in its place is not the cart
 * page). The widths it hides at are CSS's business.
 */
export const isPlayerBarHiddenOn = (page: { routeName: string | null; error: unknown }) => page.routeName === 'cart' && page.error === null;
