import { pauseRequested, type PlayerTrack, selectIsTrackPlaying, toPlayerTrack, trackPlayRequested } from '../../../shared/features/player/playerSlice';
import type { Track } from '../../../shared/schemas/track';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { PauseIcon, PlayIcon } from './playerIcons';

/**
 * Plays a track with the list it is shown in as the player's queue (a home section, a catalogue
 * page, a producer's tracks); pauses it while it plays. Nothing to press without a preview.
 */
export function PlayButton({ track, queue, className }: { track: Track; queue: readonly Track[]; className?: string }) {
  return (
    <PlayToggle
      track={track}
      className={className}
      // Converted on the click, not per card: a long list would otherwise convert itself once per card.
      toPlay={() => ({ track: toPlayerTrack(track), queue: queue.map(toPlayerTrack) })}
    />
  );
}

/** The play/pause button itself, for a track the player already holds in its own shape (`Pending tracks`). */
export function PlayToggle({
  track,
  toPlay,
  className = 'play-button',
}: {
  track: Pick<PlayerTrack, 'id' | 'name' | 'previewTrackSrc'>;
  toPlay: () => { track: PlayerTrack; queue: PlayerTrack[] };
  className?: string;
}) {
  const dispatch = useAppDispatch();
  const playing = useAppSelector((state) => selectIsTrackPlaying(state, track.id));
  if (track.previewTrackSrc === null) return null;
  return (
    <button
      type="button"
      className={className}
      aria-label={`${playing ? 'Pause' : 'Play'} ${track.name}`}
      aria-pressed={playing}
      onClick={() => dispatch(playing ? pauseRequested() : trackPlayRequested(toPlay()))}
    >
      {playing ? <PauseIcon /> : <PlayIcon />}
    </button>
  );
}
