/**
 * SPEC §2: the `frame` query parameter names the open popups (one name or a comma list, oldest
 * first), so each popup is a history entry and browser back closes the latest.
 */
export function openFrames(search: string): string[] {
  return new URLSearchParams(search)
    .getAll('frame')
    .flatMap((value) => value.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

export function isFrameOpen(search: string, name: string): boolean {
  return openFrames(search).includes(name);
}

/** The `frame` value with `name` opened (on top) or closed; null when no frame is left. */
export function framesWith(search: string, name: string, open: boolean): string | null {
  const frames = openFrames(search).filter((frame) => frame !== name);
  if (open) frames.push(name);
  return frames.length > 0 ? frames.join(',') : null;
}
