import { bannerSources, coverSources, imageSrc } from './imageSources';

describe('image sources', () => {
  it('derives every size of a stored cover, WebP and JPEG, from its address', () => {
    const src = imageSrc('/media', 'cover-abc123');
    expect(src).toBe('/media/covers/cover-abc123/600.jpg');
    expect(coverSources(src)).toEqual({
      src,
      webpSrcSet: '/media/covers/cover-abc123/64.webp 64w, /media/covers/cover-abc123/128.webp 128w, /media/covers/cover-abc123/300.webp 300w, /media/covers/cover-abc123/600.webp 600w',
      jpegSrcSet: '/media/covers/cover-abc123/64.jpg 64w, /media/covers/cover-abc123/128.jpg 128w, /media/covers/cover-abc123/300.jpg 300w, /media/covers/cover-abc123/600.jpg 600w',
    });
  });

  it('works for covers served from another host', () => {
    expect(coverSources('https://files.example/covers/art-v1-product-3/600.jpg')?.webpSrcSet).toMatch(/^https:\/\/files\.example\/covers\/art-v1-product-3\/64\.webp 64w/);
  });

  it('finds the banner beside an avatar', () => {
    expect(bannerSources('/media/covers/art-v1-producer-2/600.jpg')).toEqual({
      src: '/media/covers/art-v1-producer-2/banner-800.jpg',
      webpSrcSet: '/media/covers/art-v1-producer-2/banner-800.webp 800w, /media/covers/art-v1-producer-2/banner-1600.webp 1600w',
      jpegSrcSet: '/media/covers/art-v1-producer-2/banner-800.jpg 800w, /media/covers/art-v1-producer-2/banner-1600.jpg 1600w',
    });
  });

  it('leaves an address from elsewhere as it is', () => {
    expect(coverSources('https://cdn.example/some/cover.png')).toBeNull();
    expect(coverSources('/media/covers/../../etc/600.jpg')).toBeNull();
    expect(bannerSources('https://cdn.example/avatar.jpg')).toBeNull();
  });
});
