import { isPlayable, type PlayerTrack } from './playerSlice';

/**
 * The nearest playable track after the current one (`direction` -1: before it), skipping sold
 * tracks and tracks without a preview (SPEC §4); null when there is none that way.
 */
export function stepThroughQueue(queue: readonly PlayerTrack[], currentTrackId: number | null, direction: 1 | -1): PlayerTrack | null {
  let index = queue.findIndex((track) => track.id === currentTrackId);
  if (index === -1) index = direction > 0 ? -1 : queue.length;
  for (let i = index + direction; i >= 0 && i < queue.length; i += direction) {
    const track = queue[i]!;
    if (isPlayable(track)) return track;
  }
  return null;
}
