import { formatUsd } from '../../../shared/domain/money';
import type { Track } from '../../../shared/schemas/track';
import { CoverImage } from '../artwork/CoverImage';
import { AddToCartButton } from '../cart/AddToCartButton';
import { Link } from '../navigation/Link';
import { PlayButton } from '../player/PlayButton';
import { WishlistButton } from '../wishlist/WishlistButton';

/** Cards draw their cover across the card (up to about 300 px), and at 72 px beside the text on phones. */
const CARD_COVER_SIZES = '(max-width: 767px) 72px, 300px';

/**
 * A product in a list: cover, name, producer, genre, BPM and key (`m` for minor), price or Sold,
 * the heart and the cart button, and a play button on the cover whose queue is the list (`queue`,
 * the track alone when not given). `priority` for the cards seen first, which load before the rest.
 */
export function TrackCard({ track, queue, priority = false }: { track: Track; queue?: readonly Track[]; priority?: boolean }) {
  return (
    <li className="track-card">
      <div className="track-card__art">
        {track.coverImageSrc ? (
          <CoverImage className="track-card__cover" src={track.coverImageSrc} alt={`Cover of ${track.name}`} size={300} sizes={CARD_COVER_SIZES} priority={priority} />
        ) : (
          <span className="track-card__cover track-card__cover--empty" aria-hidden="true" />
        )}
        <PlayButton track={track} queue={queue ?? [track]} className="track-card__play" />
      </div>
      <Link className="track-card__name" href={`/product/${track.id}`}>
        {track.name}
      </Link>
      <span className="track-card__producer">
        by <Link href={`/${track.producer.producerUrl}`}>{track.producer.artistName}</Link>
      </span>
      <span className="track-card__genre">{track.productType === 'samplepack' ? 'Sample Pack' : track.genre}</span>
      <span className="track-card__meta">
        {track.bpm !== null && `${track.bpm} BPM`}
        {track.key !== null && ` · ${track.key}${track.scale === 'minor' ? 'm' : ''}`}
      </span>
      <span className="track-card__price">{track.isSold ? 'Sold' : formatUsd(track.finalPrice)}</span>
      {!track.isSold && (
        <span className="track-card__actions">
          <WishlistButton productId={track.id} productName={track.name} />
          <AddToCartButton product={track} />
        </span>
      )}
    </li>
  );
}

/** `priorityCount`: how many cards open the page above the fold (none for a list further down). */
export function TrackList({ tracks, label, priorityCount = 0 }: { tracks: readonly Track[]; label: string; priorityCount?: number }) {
  return (
    <ul className="track-list" aria-label={label}>
      {tracks.map((track, index) => (
        <TrackCard key={track.id} track={track} queue={tracks} priority={index < priorityCount} />
      ))}
    </ul>
  );
}
