import type { User } from '../../shared/schemas/auth';
import type { Track } from '../../shared/schemas/track';

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
