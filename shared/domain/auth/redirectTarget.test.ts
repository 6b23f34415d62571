import { redirectTarget } from './redirectTarget';

describe('redirectTarget (no open redirect after login)', () => {
  describe('without a dashboard site: paths on this site only', () => {
    test.each([
      ['/services', '/services'],
      ['/services?tab=beats#top', '/services?tab=beats#top'],
      ['services', '/services'],
      ['/%09/evil.example/x', '/%09/evil.example/x'],
      ['/a/../services', '/services'],
    ])('%s is followed as %s', (address, target) => expect(redirectTarget(address, '')).toBe(target));

    test.each([
      '//evil.example/x',
      '///evil.example/x',
      '/\t/evil.example/x',
      '/\n/evil.example/x',
      '/\r\n/evil.example/x',
      '\t//evil.example/x',
      '/\u0000/evil.example',
      ' //evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\\/evil.example',
      '/\u00a0/evil.example',
      '/\u2028/evil.example',
      '/\ufeff/evil.example',
      'https://evil.example',
      'https:evil.example',
      'http://storefront.invalid@evil.example/',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'https://storefront.invalid/services',
    ])('%j is refused', (address) => expect(redirectTarget(address, '')).toBeNull());
  });

  describe('with a dashboard site: that origin only', () => {
    const dashboard = 'https://dash.example';
    test.each([
      ['https://dash.example/services', 'https://dash.example/services'],
      ['HTTPS://DASH.EXAMPLE/services', 'https://dash.example/services'],
      ['https://dash.example:443/services', 'https://dash.example/services'],
      ['//dash.example/services', 'https://dash.example/services'],
      ['/services', 'https://dash.example/services'],
    ])('%s is followed as %s', (address, target) => expect(redirectTarget(address, dashboard)).toBe(target));

    test.each([
      'https://dash.example.evil.com/x',
      'https://dash.example@evil.example/x',
      'https://user:pass@dash.example/services',
      'http://dash.example/services',
      'https://dash.example:8443/services',
      'https://evil.example/login',
      'https://dash.example\t.evil.example/',
      'https://dash.example\\@evil.example/',
      '//evil.example/x',
      '/\t/evil.example/x',
      'not a url\n',
    ])('%j is refused', (address) => expect(redirectTarget(address, dashboard)).toBeNull());
  });
});
