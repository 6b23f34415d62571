import { bannerBody, avatarBody } from './producerShapes';
import { badge, DEFAULT_PAINTER, envelope, GENRE_PAINTERS, pads, type Painter } from './genreShapes';
import { moodPalette, MOOD_PALETTES, type Palette, STORE_PALETTE } from './palettes';
import { dice } from './seededRandom';

/** What a product's art is drawn from: its id seeds the dice, its genre picks the shapes, its mood the colours. */
export interface CoverArtSubject {
  productId: number;
  productType: 'track' | 'samplepack' | 'edmcontacts' | 'promembership';
  genreIds: readonly number[];
  moodIds: readonly number[];
}

const svg = (width: number, height: number, background: string, content: { defs?: string; body: string }) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
  `<defs>${content.defs ?? ''}</defs><rect width="${width}" height="${height}" fill="${background}"/>${content.body}</svg>`;

function painterFor(subject: CoverArtSubject): { painter: Painter; palette: Palette } {
  if (subject.productType === 'edmcontacts') return { painter: envelope, palette: STORE_PALETTE };
  if (subject.productType === 'promembership') return { painter: badge, palette: STORE_PALETTE };
  const palette = moodPalette(subject.moodIds);
  if (subject.productType === 'samplepack') return { painter: pads, palette };
  return { painter: GENRE_PAINTERS[subject.genreIds[0] ?? -1] ?? DEFAULT_PAINTER, palette };
}

/** A square cover of `size` px (painters draw on 1000 units): the same subject always gives the same picture. */
export function coverArtSvg(subject: CoverArtSubject, size: number): string {
  const { painter, palette } = painterFor(subject);
  const scale = size / 1000;
  const content = painter(dice(subject.productId * 7919 + 17), palette);
  return svg(size, size, palette.background, { defs: content.defs, body: `<g transform="scale(${scale})">${content.body}</g>` });
}

const MOOD_IDS = Object.keys(MOOD_PALETTES).map(Number);
/** Producers take a palette by their id, spread so neighbours differ. */
const producerPalette = (producerId: number) => MOOD_PALETTES[MOOD_IDS[(producerId * 5) % MOOD_IDS.length]!]!;

export function avatarSvg(producerId: number, size: number): string {
  const palette = producerPalette(producerId);
  return svg(size, size, palette.background, { body: avatarBody(dice(producerId * 104_729 + 3), palette, size) });
}

export function bannerSvg(producerId: number, width: number, height: number): string {
  const palette = producerPalette(producerId);
  return svg(width, height, palette.background, { body: bannerBody(dice(producerId * 104_729 + 5), palette, width, height) });
}
