/** How far back a followed producer's beat counts as new on the dashboard's home, and how many of them it lists. */
export const NEW_BEATS_DAYS = 30;
export const NEW_BEATS_SHOWN = 12;
