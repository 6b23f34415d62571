/** SPEC §2 "Popups driven by query parameters". */
export type UrlPopup = 'login' | 'register';

/** The query key listing the open popups, oldest first, so that browser back closes the latest. */
export const FRAME_KEY = 'frame';
/** Popups opened by a key of their own; opening or closing one also adds it to or drops it from the frame list. */
const KEYED_POPUPS = ['login', 'register', 'services'] as const;

export function openUrlPopup(search: string): UrlPopup | null {
  const query = new URLSearchParams(search);
  if (query.get('login') === 'true') return 'login';
  if (query.get('register') === 'true') return 'register';
  return null;
}

/** The popups the `frame` parameter lists (a name, or names separated by commas), oldest first. */
export function openFrames(search: string): string[] {
  const value = new URLSearchParams(search).get(FRAME_KEY);
  return value ? value.split(',').filter((name) => name !== '') : [];
}

/**
 * The search string with `changes` applied: a value sets the key, null removes it. Opening a
 * keyed popup (`login`, `register`, `services`) puts it last in the frame list; removing it takes
 * it out. `frameChanges` opens (true) or closes (false) popups that have no key of their own.
 */
export function withQuery(search: string, changes: Record<string, string | null>, frameChanges: Record<string, boolean> = {}): string {
  const query = new URLSearchParams(search);
  // A keyed popup the address opened without a frame list (a shared link) is the oldest frame.
  const listed = openFrames(search);
  let frames = [...KEYED_POPUPS.filter((key) => query.has(key) && !listed.includes(key)), ...listed];
  // An address without a frame list keeps none until a popup opens on top.
  let listFrames = listed.length > 0;
  const framesChange = (name: string, open: boolean) => {
    frames = frames.filter((frame) => frame !== name);
    if (open) {
      frames.push(name);
      listFrames = true;
    }
  };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) query.delete(key);
    else query.set(key, value);
    if (!(KEYED_POPUPS as readonly string[]).includes(key)) continue;
    if (value === null) framesChange(key, false);
    else if (!frames.includes(key)) framesChange(key, true);
  }
  for (const [name, open] of Object.entries(frameChanges)) framesChange(name, open);
  if (frames.length > 0 && listFrames) query.set(FRAME_KEY, frames.join(','));
  else query.delete(FRAME_KEY);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** Both searches show the same page content: they differ in popup keys only. */
export function differOnlyInPopups(a: string, b: string): boolean {
  const strip = (search: string) => {
    const query = new URLSearchParams(search);
    for (const key of [...KEYED_POPUPS, FRAME_KEY]) query.delete(key);
    query.sort();
    return query.toString();
  };
  return strip(a) === strip(b);
}
