import { formatUsd } from '../../../shared/domain/money';
import type { Track } from '../../../shared/schemas/track';
import { AddToCartButton } from '../cart/AddToCartButton';
import { Link } from '../navigation/Link';
import { PlayButton } from '../player/PlayButton';
import { WishlistButton } from '../wishlist/WishlistButton';

/**
 * A product in a list: name, producer, genre, BPM and key (`m` for minor), price or Sold, the
 * heart and the cart button, and a play button whose queue is the list (`queue`, the track alone
 * when not given).
 */
export function TrackCard({ track, queue }: { track: Track; queue?: readonly Track[] }) {
  return (
    <li className="track-card">
      <PlayButton track={track} queue={queue ?? [track]} className="track-card__play" />
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

export function TrackList({ tracks, label }: { tracks: readonly Track[]; label: string }) {
  return (
    <ul className="track-list" aria-label={label}>
      {tracks.map((track) => (
        <TrackCard key={track.id} track={track} queue={tracks} />
      ))}
    </ul>
  );
}
