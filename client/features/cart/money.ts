/** SPEC §9: fees and prices are USD. */
export const formatUsd = (usd: number) => `$${usd.toFixed(2)}`;
