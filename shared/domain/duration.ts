/**
 * m:ss of a duration, rounded down: 59.6 s is `0:59`, never `0:60`. The server's
 * `previewTrackDurationFormatted` and the player's clock both use it, so a product page and the
 * player agree on a preview's length.
 */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
