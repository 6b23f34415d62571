import { isDashboardAddress } from './userMenus';

describe('isDashboardAddress (no open redirect after login)', () => {
  test.each([
    ['https://dash.example/services', 'https://dash.example', true],
    ['https://dash.example.evil.com/x', 'https://dash.example', false],
    ['https://evil.example/login', 'https://dash.example', false],
    ['not a url', 'https://dash.example', false],
    ['/services', '', true],
    ['//evil.example/x', '', false],
    ['/\\evil.example', '', false],
    ['https://evil.example', '', false],
  ])('%s on %s: %s', (address, dashboard, trusted) => expect(isDashboardAddress(address, dashboard)).toBe(trusted));
});
