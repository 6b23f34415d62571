import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { COVER_SIZES, coverSources } from '../../../shared/domain/media/imageSources';
import { CoverRefused, processCover } from './processCover';
import { LocalDiskStorage } from '../storage/localDiskStorage';

let mediaDir: string;
beforeEach(() => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-covers-'));
});
afterEach(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

const solid = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff') =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).toFormat(format).toBuffer();

/** Red, green and blue bands side by side: a centred square of a wide image is all green. */
async function bands(width: number, height: number): Promise<Buffer> {
  const band = Math.round(width / 6);
  return sharp({ create: { width, height, channels: 3, background: '#00ff00' } })
    .composite([
      { input: await sharp({ create: { width: band, height, channels: 3, background: '#ff0000' } }).png().toBuffer(), left: 0, top: 0 },
      { input: await sharp({ create: { width: band, height, channels: 3, background: '#0000ff' } }).png().toBuffer(), left: width - band, top: 0 },
    ])
    .png()
    .toBuffer();
}

const written = (key: string) => fs.readdirSync(path.join(mediaDir, 'covers', key)).sort();

describe('processCover', () => {
  it('writes every size as WebP and JPEG, each a square of its size in the format its name says', async () => {
    const cover = await processCover(await solid(1200, 1200, 'jpeg'), { media: new LocalDiskStorage(mediaDir, '') });
    expect(cover.sizes).toEqual([...COVER_SIZES]);
    expect(written(cover.key)).toEqual(COVER_SIZES.flatMap((size) => [`${size}.jpg`, `${size}.webp`]).sort());
    for (const size of COVER_SIZES) {
      for (const [extension, format] of [['jpg', 'jpeg'], ['webp', 'webp']] as const) {
        const metadata = await sharp(path.join(mediaDir, 'covers', cover.key, `${size}.${extension}`)).metadata();
        expect({ size, format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({ size, format, width: size, height: size });
      }
    }
    expect(cover.src).toBe(`/media/covers/${cover.key}/600.jpg`);
    expect(coverSources(cover.src)?.webpSrcSet).toContain(`/media/covers/${cover.key}/64.webp 64w`);
  });

  it('crops a wide image to its centred square', async () => {
    const cover = await processCover(await bands(1500, 1000), { media: new LocalDiskStorage(mediaDir, '') });
    const { data } = await sharp(path.join(mediaDir, 'covers', cover.key, '600.jpg')).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 600 + x) * 3, (y * 600 + x) * 3 + 3)];
    for (const [x, y] of [[2, 2], [597, 2], [2, 597], [597, 597], [300, 300]] as const) {
      const [red, green, blue] = pixel(x, y);
      expect({ x, y, green: green! > 200, others: red! < 60 && blue! < 60 }).toEqual({ x, y, green: true, others: true });
    }
  });

  it('accepts PNG and WebP from a file path as well as JPEG', async () => {
    for (const format of ['png', 'webp'] as const) {
      const file = path.join(mediaDir, `upload.${format}`);
      fs.writeFileSync(file, await solid(1000, 1400, format));
      const cover = await processCover(file, { media: new LocalDiskStorage(mediaDir, '') });
      expect(written(cover.key)).toHaveLength(COVER_SIZES.length * 2);
    }
  });

  it('refuses an image smaller than 1000 px on its short side, saying how large it is, and writes nothing', async () => {
    const refusal = processCover(await solid(1600, 999, 'png'), { media: new LocalDiskStorage(mediaDir, '') });
    await expect(refusal).rejects.toThrow(CoverRefused);
    await expect(refusal).rejects.toThrow('The cover must be at least 1000 × 1000 px; this one is 1600 × 999 px.');
    expect(fs.existsSync(path.join(mediaDir, 'covers'))).toBe(false);
  });

  it('refuses a GIF or TIFF named .jpg, and a text file named .png, by their content', async () => {
    const gif = path.join(mediaDir, 'cover.jpg');
    fs.writeFileSync(gif, await solid(1200, 1200, 'gif'));
    await expect(processCover(gif, { media: new LocalDiskStorage(mediaDir, '') })).rejects.toThrow('The cover must be a JPEG, PNG or WebP image; this file is GIF.');
    await expect(processCover(await solid(1200, 1200, 'tiff'), { media: new LocalDiskStorage(mediaDir, '') })).rejects.toThrow('this file is TIFF.');
    const text = path.join(mediaDir, 'cover.png');
    fs.writeFileSync(text, 'not an image at all');
    await expect(processCover(text, { media: new LocalDiskStorage(mediaDir, '') })).rejects.toThrow('The cover must be a JPEG, PNG or WebP image; this file is not one.');
    expect(fs.existsSync(path.join(mediaDir, 'covers'))).toBe(false);
  });

  it('refuses an SVG: it is a document that can carry scripts, not a picture', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200"><rect width="1200" height="1200" fill="red"/></svg>');
    await expect(processCover(svg, { media: new LocalDiskStorage(mediaDir, '') })).rejects.toThrow('this file is SVG.');
  });

  it('gives the same content the same key and keeps the files already written; other content a new key', async () => {
    const image = await solid(1000, 1000, 'png');
    const first = await processCover(image, { media: new LocalDiskStorage(mediaDir, '') });
    const file = path.join(mediaDir, 'covers', first.key, '300.webp');
    const writtenAt = fs.statSync(file).mtimeMs;
    const again = await processCover(image, { media: new LocalDiskStorage(mediaDir, 'https://files.example'), keyPrefix: 'avatar' });
    expect(again.key).toBe(first.key.replace(/^cover/, 'avatar'));
    expect((await processCover(image, { media: new LocalDiskStorage(mediaDir, '') })).key).toBe(first.key);
    expect(fs.statSync(file).mtimeMs).toBe(writtenAt);
    expect(again.src).toBe(`https://files.example/media/covers/${again.key}/600.jpg`);
    expect((await processCover(await solid(1000, 1001, 'png'), { media: new LocalDiskStorage(mediaDir, '') })).key).not.toBe(first.key);
  });
});
