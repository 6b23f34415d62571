import { bannerSources, coverSources, BANNER_ASPECT } from '../../../shared/domain/media/imageSources';

export interface CoverImageProps {
  src: string;
  alt: string;
  className: string;
  /** The box the page draws it in (CSS px, square): sets width/height so nothing shifts while it loads. */
  size: number;
  /** `sizes` when the drawn size changes with the viewport (track cards); the fixed size otherwise. */
  sizes?: string;
  /** The page's main image (the product page's cover, the first cards): loaded at once and first. */
  priority?: boolean;
}

/**
 * A cover or avatar: WebP for browsers that take it, JPEG otherwise, each in every stored size so
 * the browser fetches the one the screen needs. An address from elsewhere is shown as it is.
 */
export function CoverImage({ src, alt, className, size, sizes, priority = false }: CoverImageProps) {
  const sources = coverSources(src);
  const img = (
    <img
      className={className}
      src={src}
      srcSet={sources?.jpegSrcSet}
      sizes={sources ? (sizes ?? `${size}px`) : undefined}
      alt={alt}
      width={size}
      height={size}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
  if (!sources) return img;
  return (
    <picture className="artwork">
      <source type="image/webp" srcSet={sources.webpSrcSet} sizes={sizes ?? `${size}px`} />
      {img}
    </picture>
  );
}

/** The wide picture at the top of a producer's page, stored beside their avatar; nothing for an avatar from elsewhere. */
export function ProducerBanner({ avatarSrc }: { avatarSrc: string }) {
  const sources = bannerSources(avatarSrc);
  if (!sources) return null;
  // Decorative: the avatar beside it carries the producer's name.
  return (
    <picture className="artwork">
      <source type="image/webp" srcSet={sources.webpSrcSet} sizes="(max-width: 1279px) 100vw, 1268px" />
      <img
        className="producer-page__banner"
        src={sources.src}
        srcSet={sources.jpegSrcSet}
        sizes="(max-width: 1279px) 100vw, 1268px"
        alt=""
        width={1200}
        height={1200 / BANNER_ASPECT}
        fetchPriority="high"
        decoding="async"
      />
    </picture>
  );
}
