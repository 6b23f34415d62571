import { deviceName } from './deviceName';

describe('deviceName: the sessions list names a browser from its User-Agent', () => {
  test.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome 131 on Windows 10 (desktop)'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari 17 on iOS 17.5 (mobile)'],
    ['node', 'Unknown browser'],
    [null, 'Unknown browser'],
  ])('%s', (userAgent, name) => {
    expect(deviceName(userAgent)).toBe(name);
  });
});
