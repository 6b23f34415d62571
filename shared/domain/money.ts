const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** SPEC §9: prices and fees are USD; every screen, mail and page shows them alike: `$1,942.00`. */
export const formatUsd = (usd: number) => USD.format(usd);

/** The server keeps money in whole cents. */
export const formatCents = (cents: number) => formatUsd(cents / 100);

/** Dollars as the API answers them (two decimals) to the server's whole cents. */
export const toCents = (usd: number) => Math.round(usd * 100);
