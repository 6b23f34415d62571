/** SPEC §2 "Popups driven by query parameters". */
export type UrlPopup = 'login' | 'register';

export function openUrlPopup(search: string): UrlPopup | null {
  const query = new URLSearchParams(search);
  if (query.get('login') === 'true') return 'login';
  if (query.get('register') === 'true') return 'register';
  return null;
}

/** The search string with `changes` applied: a value sets the key, null removes it. */
export function withQuery(search: string, changes: Record<string, string | null>): string {
  const query = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) query.delete(key);
    else query.set(key, value);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
