import Bowser from 'bowser';

/** `Chrome 131 on Windows 10 (desktop)` from a User-Agent, for the sessions list; bowser knows the browsers. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowser();
  const os = parser.getOS();
  // bowser names an unknown platform as the text `undefined`; only the kinds it knows are shown.
  const platform = ['desktop', 'mobile', 'tablet', 'tv'].find((kind) => kind === parser.getPlatformType(true));
  const name = browser.name ? [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ') : 'Unknown browser';
  const system = [os.name, os.versionName ?? os.version].filter(Boolean).join(' ');
  return `${name}${system ? ` on ${system}` : ''}${platform ? ` (${platform})` : ''}`;
}
