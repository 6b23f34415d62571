import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { formatDuration } from '../../../shared/domain/duration';
import { formatUsd } from '../../../shared/domain/money';
import { selectPageError, selectRouteName } from '../../../shared/features/navigation/navigationSlice';
import {
  miniToggled,
  nextRequested,
  pauseRequested,
  type PlayerState,
  type PlayerTrack,
  playerClosed,
  playRequested,
  previousRequested,
  seekRequested,
  selectCurrentTrack,
  selectPlayer,
  titleOverflowMeasured,
  volumeChanged,
} from '../../../shared/features/player/playerSlice';
import { isPlayerBarHiddenOn } from '../../../shared/features/player/playerBarVisibility';
import { selectProduct } from '../../../shared/features/product/productSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { AddToCartButton } from '../cart/AddToCartButton';
import { Link } from '../navigation/Link';
import { WishlistButton } from '../wishlist/WishlistButton';
import { CoverImage } from '../artwork/CoverImage';
import { waveformElement } from './browserPlayerPorts';
import { PeaksWaveform, WAVEFORM_BARS } from './PeaksWaveform';
import { NextIcon, PauseIcon, PlayIcon, PreviousIcon } from './playerIcons';

/** SPEC §2: 'Sample pack' for sample packs, otherwise the genres joined with '/'. */
export function playerGenreText(track: PlayerTrack): string {
  if (track.samplePack || track.productType === 'samplepack') return 'Sample pack';
  if (track.genres && track.genres.length > 0) return track.genres.map((genre) => genre.name).join('/');
  return track.genre
    .split(' / ')
    .filter((name) => name !== '')
    .join('/');
}

/** SPEC §2: the title links to the product only for sample packs and tracks with genres. */
const titleLinks = (track: PlayerTrack) => track.samplePack === true || track.productType === 'samplepack' || (track.genres?.length ?? 0) > 0;

const keyText = (track: PlayerTrack) => (track.key === null ? null : `${track.key}${track.scale === 'minor' ? 'm' : ''}`);

function PlayPauseButton({ isPlaying }: { isPlaying: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <button
      type="button"
      className="player__button player__button--play"
      aria-label={isPlaying ? 'Pause' : 'Play'}
      onClick={() => dispatch(isPlaying ? pauseRequested() : playRequested())}
    >
      {isPlaying ? <PauseIcon /> : <PlayIcon />}
    </button>
  );
}

/** The title in a box; when wider than the box it scrolls to its end and back (the saga's 6.5 s beat). */
function PlayerTitle({ track, scrolled }: { track: PlayerTrack; scrolled: boolean }) {
  const dispatch = useAppDispatch();
  const box = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const measure = () => {
      const hidden = Math.max(0, element.scrollWidth - element.clientWidth);
      setOverflow(hidden);
      dispatch(titleOverflowMeasured(hidden > 0));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [dispatch, track.id]);
  // Only ever set once the browser has measured the title: server-rendered markup carries no
  // style attribute, which a page under a strict style-src (the replayed frame) would refuse.
  const style = scrolled && overflow > 0 ? { transform: `translateX(-${overflow}px)` } : undefined;
  return (
    <div className="player__title-box" ref={box}>
      {titleLinks(track) ? (
        <Link className="player__title" href={`/product/${track.id}`} style={style}>
          {track.name}
        </Link>
      ) : (
        <span className="player__title" style={style}>
          {track.name}
        </span>
      )}
    </div>
  );
}

function ProducerLabel({ track }: { track: PlayerTrack }) {
  const { producer } = track;
  return (
    <Link className="player__producer" href={`/${producer.producerUrl}`}>
      {producer.avatarSrc ? (
        <CoverImage className="player__avatar" src={producer.avatarSrc} alt={`${producer.artistName} avatar`} size={24} sizes="(max-width: 767px) 16px, 24px" priority />
      ) : (
        <span className="player__avatar player__avatar--placeholder" aria-hidden="true">
          {producer.artistName.charAt(0).toUpperCase()}
        </span>
      )}
      <span>{`by ${producer.artistName}`}</span>
    </Link>
  );
}

/**
 * Where wavesurfer's drawing is shown while the full bar is on screen, and until it is (or where
 * no script runs) the track's peaks drawn as markup. The waveform takes the mouse; a range input
 * inside it, out of sight but focusable, lets the keyboard seek too.
 */
function WaveformSlot({ player, peaks }: { player: PlayerState; peaks: readonly number[] | null | undefined }) {
  const dispatch = useAppDispatch();
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = slot.current;
    if (!host) return undefined;
    const wave = waveformElement();
    host.appendChild(wave);
    return () => {
      if (wave.parentElement === host) host.removeChild(wave);
    };
  }, []);
  const seconds = Math.floor(player.currentTime);
  const total = Math.max(1, Math.floor(player.duration));
  return (
    <div className="player__waveform" ref={slot}>
      {peaks && peaks.length > 0 && <PeaksWaveform peaks={peaks} played={Math.round(player.seek * WAVEFORM_BARS) / WAVEFORM_BARS} />}
      <input
        className="player__seek"
        type="range"
        min={0}
        max={total}
        step={1}
        value={Math.min(seconds, total)}
        aria-label="Seek"
        aria-valuetext={`${player.currentTimeText} of ${formatDuration(player.duration)}`}
        onChange={(event: ChangeEvent<HTMLInputElement>) => dispatch(seekRequested(Number(event.target.value) / total))}
      />
    </div>
  );
}

function VolumeSlider({ volume }: { volume: number }) {
  const dispatch = useAppDispatch();
  return (
    <input
      className="player__volume"
      type="range"
      min={0}
      max={1}
      step={0.01}
      value={volume}
      aria-label="Volume"
      onChange={(event: ChangeEvent<HTMLInputElement>) => dispatch(volumeChanged(Number(event.target.value)))}
    />
  );
}

/**
 * SPEC §2 "Player bar": shown while a track is loaded, in a full or a mini version; hidden on the
 * cart page, and below 1024 px on the page of the product it plays.
 */
export function PlayerBar() {
  const dispatch = useAppDispatch();
  const player = useAppSelector(selectPlayer);
  const track = useAppSelector(selectCurrentTrack);
  const routeName = useAppSelector(selectRouteName);
  const pageError = useAppSelector(selectPageError);
  const product = useAppSelector(selectProduct);
  if (!track || isPlayerBarHiddenOn({ routeName, error: pageError })) return null;
  const onOwnProductPage = routeName === 'product-id' && product?.id === track.id;
  const className = `player${player.isMini ? ' player--mini' : ''}${onOwnProductPage ? ' player--own-product' : ''}`;

  if (player.isMini) {
    return (
      <section className={className} aria-label="Player">
        <p className="player__mini-text" aria-live="polite">
          {`${track.name} is ${player.isPlaying ? 'playing' : 'paused'} now`}
        </p>
        <PlayPauseButton isPlaying={player.isPlaying} />
        <button type="button" className="player__button" aria-label="Expand player" onClick={() => dispatch(miniToggled())}>
          <span aria-hidden="true">⌃</span>
        </button>
        <button type="button" className="player__button" aria-label="Close player" onClick={() => dispatch(playerClosed())}>
          <span aria-hidden="true">✕</span>
        </button>
      </section>
    );
  }

  const key = keyText(track);
  return (
    <section className={className} aria-label="Player" aria-busy={player.isLoading}>
      <div className="player__track">
        {track.coverImageSrc ? (
          <CoverImage className="player__cover" src={track.coverImageSrc} alt={`Cover of ${track.name}`} size={44} sizes="(max-width: 767px) 30px, 44px" priority />
        ) : (
          <span className="player__cover player__cover--empty" aria-hidden="true" />
        )}
        <div className="player__names">
          <PlayerTitle track={track} scrolled={player.titleScrolled} />
          <span className="player__genre">{playerGenreText(track)}</span>
        </div>
      </div>
      <div className="player__details">
        {track.productType === 'track' && <ProducerLabel track={track} />}
        {track.bpm !== null && <span className="player__bpm">{`${track.bpm} BPM`}</span>}
        {key && <span className="player__key">{key}</span>}
      </div>
      <div className="player__controls">
        <button type="button" className="player__button" aria-label="Previous track" onClick={() => dispatch(previousRequested())}>
          <PreviousIcon />
        </button>
        <PlayPauseButton isPlaying={player.isPlaying} />
        <button type="button" className="player__button" aria-label="Next track" onClick={() => dispatch(nextRequested())}>
          <NextIcon />
        </button>
      </div>
      <div className="player__timeline">
        <span className="player__time" aria-label="Current time">
          {player.currentTimeText}
        </span>
        <WaveformSlot player={player} peaks={track.peaks} />
        <span className="player__time" aria-label="Total time">
          {formatDuration(player.duration)}
        </span>
      </div>
      <VolumeSlider volume={player.volume} />
      {/* SPEC §2: no heart or cart for a sold track (nor one not in the shop yet); the price shows beside the cart on phones. */}
      {!track.isSold && track.awaitingModeration !== true && (
        <div className="player__actions">
          <WishlistButton productId={track.id} productName={track.name} className="player__wishlist" />
          <AddToCartButton product={track} className="player__cart" />
          <span className="player__price">{formatUsd(track.finalPrice)}</span>
        </div>
      )}
      <button type="button" className="player__button player__minimize" aria-label="Minimize player" onClick={() => dispatch(miniToggled())}>
        <span aria-hidden="true">⌄</span>
      </button>
    </section>
  );
}
