import { KEYS, MOODS, SAMPLE_TYPES, SCALES, VOCAL_GENDERS, VOCAL_TYPES } from '../../shared/domain/catalogue/filterOptions';
import type { ProducerProfile } from '../domain/producer/producerEvents';
import type { ProductListing } from '../domain/product/productEvents';
import type { LoopSpec, LoopStyle } from '../media/loopSpec';

/** The demo catalogue, described once and the same on every machine (nothing random at run time). */

export const DEMO_PRODUCERS: ProducerProfile[] = [
  ['Nova Kade', 'nova-kade'],
  ['Lowtide', 'lowtide'],
  ['Mira Sol', 'mira-sol'],
  ['Grayhound 808', 'grayhound808'],
  ['Kofi Ember', 'kofi-ember'],
  ['Static Bloom', 'static-bloom'],
  ['Juno Vale', 'juno-vale'],
  ['Rook & Rye', 'rook-and-rye'],
  ['Tessellate', 'tessellate'],
  ['Omari Lux', 'omari-lux'],
  ['Paper Moons', 'paper-moons'],
  ['Vanta Keys', 'vanta-keys'],
  ['Sable Drift', 'sable-drift'],
  ['Hexa Blue', 'hexa-blue'],
].map(([artistName, shortName], index) => ({ producerId: index + 1, artistName: artistName!, shortName: shortName!, avatarSrc: null }));

/** Sells the store's own items: the EDM contacts list and the PRO membership. */
export const STORE_PRODUCER: ProducerProfile = { producerId: 100, artistName: 'Beatcrate', shortName: 'beatcrate', avatarSrc: null };

export const DEMO_TRACK_COUNT = 320;
const LOOP_COUNT = 48;
const SAMPLE_PACK_COUNT = 10;

/** Genre ids (shared GENRES) and the drum style their loops are synthesized in. */
const GENRE_STYLES: [number, LoopStyle][] = [
  [1, 'trap'], [2, 'boombap'], [3, 'lofi'], [4, 'trap'], [5, 'lofi'],
  [6, 'afro'], [7, 'house'], [8, 'house'], [9, 'afro'], [10, 'boombap'],
];
const TEMPO: Record<LoopStyle, [number, number]> = { trap: [130, 160], boombap: [84, 98], lofi: [70, 90], house: [118, 128], afro: [96, 112] };

const TAGS = [
  'dark', 'melodic', 'piano', 'guitar', '808', 'chill', 'summer', 'club', 'vibe', 'sad',
  'hard', 'bounce', 'smooth', 'soul', 'strings', 'flute', 'ambient', 'drums', 'synth', 'love',
];
const WORDS_A = ['Night', 'Velvet', 'Neon', 'Golden', 'Cold', 'Paper', 'Silent', 'Broken', 'Midnight', 'Crystal', 'Wild', 'Lucid', 'Amber', 'Hollow', 'Electric', 'Faded'];
const WORDS_B = ['Drive', 'Hearts', 'Rain', 'Skyline', 'Fever', 'Waves', 'Ghosts', 'Summer', 'Echoes', 'Garden', 'Orbit', 'Mirage', 'Signal', 'Tides', 'Smoke', 'Lights'];

const pick = <T>(items: readonly T[], index: number): T => items[((index % items.length) + items.length) % items.length]!;

/** The preview loops; tracks take their tempo, key and scale from the loop they play. */
export function demoLoops(): LoopSpec[] {
  return Array.from({ length: LOOP_COUNT }, (_, index) => {
    const [, style] = pick(GENRE_STYLES, index);
    const [low, high] = TEMPO[style];
    const key = pick(KEYS, index * 7);
    const scale = pick(SCALES, Math.floor(index / 3));
    const bpm = low + ((index * 11) % (high - low + 1));
    return { id: `loop-${String(index + 1).padStart(2, '0')}-${style}-${bpm}-${key.replace('#', 's')}${scale === 'minor' ? 'm' : ''}`, bpm, key, scale, style, seed: 1000 + index };
  });
}

/** The loop demo beat `productId` plays (as demoListings assigns them): its master is rendered from it. */
export const demoLoopOf = (productId: number): LoopSpec => pick(demoLoops(), productId - 1);

/** The first `count` demo beats (ids from 1), without previews: tests list them directly. */
export function demoListings(count = DEMO_TRACK_COUNT): ProductListing[] {
  const loops = demoLoops();
  return Array.from({ length: count }, (_, index) => {
    const loop = pick(loops, index);
    const [mainGenre] = pick(GENRE_STYLES, index % LOOP_COUNT);
    const secondGenre = index % 5 === 0 ? pick(GENRE_STYLES, index + 3)[0] : null;
    const vocalType = index % 4 === 3 ? null : pick(VOCAL_TYPES, index * 5).value;
    return {
      productId: index + 1,
      producerId: pick(DEMO_PRODUCERS, index * 5).producerId,
      name: `${pick(WORDS_A, index)} ${pick(WORDS_B, index * 3 + Math.floor(index / 16))}`,
      productType: 'track',
      genreIds: secondGenre !== null && secondGenre !== mainGenre ? [mainGenre, secondGenre] : [mainGenre],
      moodIds: [pick(MOODS, index * 3).id, ...(index % 3 === 0 ? [pick(MOODS, index * 3 + 5).id] : [])],
      tags: [...new Set([pick(TAGS, index), pick(TAGS, index * 7 + 2), ...(index % 2 === 0 ? [pick(TAGS, index * 13 + 5)] : [])])],
      bpm: loop.bpm,
      key: loop.key,
      scale: loop.scale,
      vocalType,
      samplesType: index % 6 === 0 ? null : pick(SAMPLE_TYPES, index).value,
      vocalGender: vocalType === null || vocalType === 'novocal' ? null : pick(VOCAL_GENDERS, index * 11),
      categories: { isNew: index >= count - 40, isSuperSale: index % 7 === 2, isPremium: index % 9 === 4 },
      // Whole dollars spread over SPEC §9's 199–999 range.
      priceCents: (199 + ((index * 53) % 801)) * 100,
      projectFilePriceCents: index % 3 === 1 ? (49 + ((index * 17) % 100)) * 100 : null,
      coverImageSrc: null,
      preview: null,
    };
  });
}

export function demoSamplePacks(firstId: number): ProductListing[] {
  return Array.from({ length: SAMPLE_PACK_COUNT }, (_, index) => ({
    productId: firstId + index,
    producerId: pick(DEMO_PRODUCERS, index * 3 + 1).producerId,
    name: `${pick(WORDS_A, index * 5 + 1)} ${pick(['Drum Kit', 'Loop Pack', 'Melody Kit', 'Vocal Chops', 'One Shots'], index)}`,
    productType: 'samplepack',
    genreIds: [pick(GENRE_STYLES, index)[0]],
    moodIds: [pick(MOODS, index * 4).id],
    tags: [pick(TAGS, index * 3), 'drums'].filter((tag, at, all) => all.indexOf(tag) === at),
    bpm: null,
    key: null,
    scale: null,
    vocalType: null,
    samplesType: index % 2 === 0 ? 'royaltyfreesamples' : 'exclusivesamples',
    vocalGender: null,
    categories: { isNew: index < 3, isSuperSale: index === 4, isPremium: index === 7 },
    priceCents: (199 + index * 20) * 100,
    projectFilePriceCents: null,
    coverImageSrc: null,
    preview: null,
  }));
}

const storeItem = (productId: number, productType: 'edmcontacts' | 'promembership', name: string, dollars: number): ProductListing => ({
  productId,
  producerId: STORE_PRODUCER.producerId,
  name,
  productType,
  genreIds: [],
  moodIds: [],
  tags: [],
  bpm: null,
  key: null,
  scale: null,
  vocalType: null,
  samplesType: null,
  vocalGender: null,
  categories: { isNew: false, isSuperSale: false, isPremium: false },
  priceCents: dollars * 100,
  projectFilePriceCents: null,
  coverImageSrc: null,
  preview: null,
});

/** The EDM contacts list ('Over 2300 contacts' in the cart) and the PRO membership. */
export const demoStoreItems = (firstId: number): ProductListing[] => [
  storeItem(firstId, 'edmcontacts', 'EDM contacts', 199),
  storeItem(firstId + 1, 'promembership', 'PRO Membership', 199),
];

/** Producers' coupons for the demo shop (the sitewide December code is a rule, not a row). */
export const DEMO_COUPONS = [
  { code: 'novakade20', producerId: 1, percentage: 20 },
  { code: 'lowtide15', producerId: 2, percentage: 15 },
  { code: 'mirasol30', producerId: 3, percentage: 30 },
].map((coupon) => ({ ...coupon, validFrom: new Date('2024-01-01T00:00:00Z'), validUntil: new Date('2036-01-01T00:00:00Z') }));
