import type { User } from '../../shared/schemas/auth';
import type { Product, Track } from '../../shared/schemas/track';

/** A user as the auth calls answer one; tests change what matters to them. */
export const aUser = (changes: Partial<User> = {}): User => ({
  id: 1,
  email: 'ada@example.com',
  roles: ['client'],
  currentRole: 'client',
  firstName: 'Ada',
  lastName: 'Lovelace',
  avatar: null,
  isProBuyer: false,
  emailConfirmed: true,
  country: 'Germany',
  producerId: null,
  ...changes,
});

/** A track as the lists answer one; tests change what matters to them. */
export const aTrack = (changes: Partial<Track> = {}): Track => ({
  id: 11,
  name: 'Night Drive',
  productType: 'track',
  genre: 'Trap',
  bpm: 140,
  key: 'C',
  scale: 'minor',
  finalPrice: 199,
  isSold: false,
  coverImageSrc: null,
  previewTrackSrc: null,
  producer: { id: 7, artistName: 'Nova Kade', producerUrl: 'nova-kade' },
  ...changes,
});

/** A product as GET /tracks/{id} answers one; tests change what matters to them. */
export const aProduct = (changes: Partial<Product> = {}): Product => ({
  id: 42,
  name: 'Night Drive',
  productType: 'track',
  genre: 'Trap / Drill',
  genres: [
    { id: 1, name: 'Trap', color: '#f00' },
    { id: 2, name: 'Drill', color: '#0f0' },
  ],
  secondGenre: 'Drill',
  moods: [2, 6],
  tags: ['dark', 'night'],
  bpm: 140,
  key: 'F#',
  scale: 'minor',
  vocalType: null,
  samplesType: null,
  vocalGender: null,
  isNew: false,
  isSuperSale: false,
  isPremium: false,
  finalPrice: 249,
  projectFilePrice: null,
  isSold: false,
  samplePack: false,
  coverImageSrc: null,
  previewTrackSrc: null,
  previewTrackDuration: 95,
  previewTrackDurationFormatted: '1:35',
  peaks: null,
  producer: { id: 7, artistName: 'Nova Kade', producerUrl: 'nova-kade', avatarSrc: null },
  ...changes,
});
