import { DEMO_PRODUCERS, STORE_PRODUCER, demoListings, demoSamplePacks, demoStoreItems } from '../../../seed/demoCatalogue';
import { avatarSvg, bannerSvg, coverArtSvg } from './artSvg';

const catalogue = () => {
  const tracks = demoListings();
  const packs = demoSamplePacks(tracks.length + 1);
  return [...tracks, ...packs, ...demoStoreItems(tracks.length + packs.length + 1)];
};

describe('generated art', () => {
  it('draws the same cover for the same product every time, and a different one for every product', () => {
    const listings = catalogue();
    const drawings = listings.map((listing) => coverArtSvg(listing, 600));
    expect(listings.map((listing) => coverArtSvg(listing, 600))).toEqual(drawings);
    expect(new Set(drawings).size).toBe(listings.length);
  });

  it('takes its colours from the mood and its shapes from the genre', () => {
    const base = { productId: 7, productType: 'track' as const };
    const calmTrap = coverArtSvg({ ...base, genreIds: [1], moodIds: [2] }, 600);
    const angryTrap = coverArtSvg({ ...base, genreIds: [1], moodIds: [1] }, 600);
    const calmLofi = coverArtSvg({ ...base, genreIds: [5], moodIds: [2] }, 600);
    // calm's background, angry's background
    expect(calmTrap).toContain('fill="#0b2a3c"');
    expect(angryTrap).toContain('fill="#1a0505"');
    expect(calmTrap.replace(/#[0-9a-f]{6}/g, '')).toBe(angryTrap.replace(/#[0-9a-f]{6}/g, ''));
    expect(calmLofi.replace(/#[0-9a-f]{6}/g, '')).not.toBe(calmTrap.replace(/#[0-9a-f]{6}/g, ''));
  });

  it('gives every producer their own avatar and banner', () => {
    const ids = [...DEMO_PRODUCERS, STORE_PRODUCER].map((producer) => producer.producerId);
    expect(new Set(ids.map((id) => avatarSvg(id, 600))).size).toBe(ids.length);
    expect(new Set(ids.map((id) => bannerSvg(id, 1600, 400))).size).toBe(ids.length);
    expect(avatarSvg(3, 600)).toBe(avatarSvg(3, 600));
  });
});
