import type { ReactNode } from 'react';
import { formatUsd } from '../../../shared/domain/money';
import type { Track } from '../../../shared/schemas/track';
import { CoverImage } from '../artwork/CoverImage';
import { AddToCartButton } from '../cart/AddToCartButton';
import { Link } from '../navigation/Link';
import { PlayButton } from '../player/PlayButton';

/**
 * A beat in a dashboard list (new beats of followed producers, the wishlist): cover with play (the
 * list is the player's queue), name to the product, producer to their page, price or Sold, and
 * the storefront's Add to cart, which a sold beat does not get. `actions` adds the list's own controls.
 */
export function BeatRow({ track, queue, actions }: { track: Track; queue: readonly Track[]; actions?: ReactNode }) {
  return (
    <li className="site-card beat-row" aria-label={track.name}>
      <div className="beat-row__art">
        {track.coverImageSrc ? (
          <CoverImage className="beat-row__cover" src={track.coverImageSrc} alt="" size={64} sizes="64px" />
        ) : (
          <span className="beat-row__cover" aria-hidden="true" />
        )}
        <PlayButton track={track} queue={queue} className="beat-row__play" />
      </div>
      <div className="beat-row__text">
        <Link href={`/product/${track.id}`} className="beat-row__name">
          {track.name}
        </Link>
        <span className="beat-row__by">
          by <Link href={`/${track.producer.producerUrl}`}>{track.producer.artistName}</Link>
          {track.genre && ` · ${track.genre}`}
        </span>
      </div>
      <span className="beat-row__price">{track.isSold ? <span className="status-tag" data-status="sold">Sold</span> : formatUsd(track.finalPrice)}</span>
      <span className="beat-row__actions">
        <AddToCartButton product={track} />
        {actions}
      </span>
    </li>
  );
}
