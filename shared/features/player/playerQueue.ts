import { isPlayable, type PlayerTrack } from './playerSlice';

/**
 * The track `steps` playable tracks away from the current one (negative: backwards), skipping
 * sold tracks and tracks without a preview (SPEC §4). Moving past either end stops at the last
 * playable track that way; null when there is none to move to.
 */
export function stepThroughQueue(queue: readonly PlayerTrack[], currentTrackId: number | null, steps: number): PlayerTrack | null {
  if (steps === 0) return null;
  const direction = steps > 0 ? 1 : -1;
  let index = queue.findIndex((track) => track.id === currentTrackId);
  if (index === -1) index = direction > 0 ? -1 : queue.length;
  let target: PlayerTrack | null = null;
  let remaining = Math.abs(steps);
  for (let i = index + direction; i >= 0 && i < queue.length && remaining > 0; i += direction) {
    const track = queue[i]!;
    if (!isPlayable(track)) continue;
    target = track;
    remaining -= 1;
  }
  return target;
}
