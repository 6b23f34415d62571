/** Colours by mood (shared MOODS ids): the mood is what a buyer should feel before they press play. */
export interface Palette {
  background: string;
  /** Three colours for the shapes, from boldest to softest. */
  shapes: [string, string, string];
  accent: string;
}

const palette = (background: string, a: string, b: string, c: string, accent: string): Palette => ({ background, shapes: [a, b, c], accent });

export const MOOD_PALETTES: Record<number, Palette> = {
  1: palette('#1a0505', '#c1121f', '#ff4d00', '#780000', '#ffd60a'), // angry
  2: palette('#0b2a3c', '#5fa8d3', '#cae9ff', '#1b4965', '#62b6cb'), // calm
  3: palette('#2b0040', '#ff00a0', '#00f5d4', '#fee440', '#9b5de5'), // crazy
  4: palette('#1b0a00', '#ff7b00', '#ffb700', '#ff3c00', '#fff3b0'), // energetic
  5: palette('#10002b', '#ff006e', '#3a86ff', '#e0aaff', '#ffbe0b'), // exciting
  6: palette('#ff9f1c', '#2ec4b6', '#ffffff', '#e71d36', '#011627'), // happy
  7: palette('#03045e', '#00b4d8', '#90e0ef', '#0077b6', '#ffd166'), // inspiring
  8: palette('#0d1b2a', '#415a77', '#778da9', '#1b263b', '#e0e1dd'), // lonely
  9: palette('#22223b', '#9a8c98', '#c9ada7', '#4a4e69', '#f2e9e4'), // neutral
  10: palette('#006d77', '#e29578', '#ffddd2', '#83c5be', '#edf6f9'), // quirky
  11: palette('#3d0a1f', '#ff4d6d', '#ff8fa3', '#c9184a', '#ffccd5'), // romantic
  12: palette('#0f1c2e', '#6096ba', '#a3cef1', '#274c77', '#e7ecef'), // sad
  13: palette('#1a0010', '#e0115f', '#c77dff', '#7b2cbf', '#ff9e00'), // sexy
  14: palette('#2b1608', '#dda15e', '#bc6c25', '#606c38', '#fefae0'), // soulful
};

/** The store's own items speak in the site's colours. */
export const STORE_PALETTE = palette('#14141c', '#ff5a36', '#ffb199', '#7a1f0c', '#ffffff');

export function moodPalette(moodIds: readonly number[]): Palette {
  const first = MOOD_PALETTES[moodIds[0] ?? 9] ?? MOOD_PALETTES[9]!;
  const second = moodIds[1] === undefined ? undefined : MOOD_PALETTES[moodIds[1]];
  // A second mood lends its accent: a sad and romantic beat is blue with a touch of pink.
  return second ? { ...first, accent: second.shapes[0] } : first;
}
