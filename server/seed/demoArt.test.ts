import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { coverSources } from '../../shared/domain/media/imageSources';
import { DEMO_PRODUCERS, STORE_PRODUCER, demoListings, demoSamplePacks, demoStoreItems } from './demoCatalogue';
import { withDemoArt } from './demoArt';
import { capturedLog } from '../../test/helpers/logLines';
import { silentLogger } from '../logging/logger';
import { LocalDiskStorage } from '../media/storage/localDiskStorage';

let mediaDir: string;
beforeAll(() => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-art-'));
});
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

/** One beat of each genre, a sample pack, the store's two items; rendering all 332 belongs to `npm start`. */
const sample = () => {
  const tracks = demoListings(10);
  return [...tracks, demoSamplePacks(400)[0]!, ...demoStoreItems(500)];
};
const fileOf = (src: string) => path.join(mediaDir, src.replace(/^\/media\//, ''));

describe('withDemoArt', () => {
  it('gives every product a cover and every producer an avatar and a banner, written in every size', async () => {
    const listings = sample();
    const producers = [DEMO_PRODUCERS[0]!, STORE_PRODUCER];
    const artLog = capturedLog();
    const art = await withDemoArt(new LocalDiskStorage(mediaDir, ''), listings, producers, artLog.log);
    expect(art.listings.map((listing) => listing.productId)).toEqual(listings.map((listing) => listing.productId));
    const sources = [...art.listings.map((listing) => listing.coverImageSrc), ...art.producers.map((producer) => producer.avatarSrc)];
    for (const src of sources) {
      expect(src).toMatch(/^\/media\/covers\/art-v\d+-(product|producer)-\d+\/600\.jpg$/);
      for (const candidate of coverSources(src!)!.webpSrcSet.split(', ')) expect(fs.existsSync(fileOf(candidate.split(' ')[0]!))).toBe(true);
      expect((await sharp(fileOf(src!)).metadata()).width).toBe(600);
    }
    const banner = path.join(path.dirname(fileOf(art.producers[0]!.avatarSrc!)), 'banner-1600.webp');
    expect(await sharp(banner).metadata()).toMatchObject({ width: 1600, height: 400, format: 'webp' });
    expect(artLog.messages().join('\n')).toMatch(/art for 13 products and 2 producers ready/);
  });

  it('reuses the files of an earlier run', async () => {
    const listings = sample().slice(0, 2);
    const first = await withDemoArt(new LocalDiskStorage(mediaDir, ''), listings, [], silentLogger);
    const file = fileOf(first.listings[0]!.coverImageSrc!);
    const writtenAt = fs.statSync(file).mtimeMs;
    const again = await withDemoArt(new LocalDiskStorage(mediaDir, ''), listings, [], silentLogger);
    expect(again.listings).toEqual(first.listings);
    expect(fs.statSync(file).mtimeMs).toBe(writtenAt);
  });
});
