import { USER_MENUS } from '../domain/auth/userMenus';
import { siteHref } from './siteLinks';

const EMBEDDED = { dashboardUrl: '', adminUrl: '' };
const OWN_URLS = { dashboardUrl: 'https://dash.example', adminUrl: 'https://admin.example' };

describe('siteHref', () => {
  test('an embedded site lives under its prefix, its home at the prefix itself', () => {
    expect(siteHref({ site: 'dashboard', path: '/dashboard' }, EMBEDDED)).toBe('/dashboard');
    expect(siteHref({ site: 'admin', path: '/dashboard' }, EMBEDDED)).toBe('/admin');
    expect(siteHref({ site: 'dashboard', path: '/wishlist' }, EMBEDDED)).toBe('/dashboard/wishlist');
    expect(siteHref({ site: 'dashboard', path: '/account/profile' }, EMBEDDED)).toBe('/dashboard/account/profile');
    expect(siteHref({ site: 'admin', path: '/producers' }, EMBEDDED)).toBe('/admin/producers');
  });

  test('a site with its own URL gets the path the site itself uses', () => {
    expect(siteHref({ site: 'dashboard', path: '/dashboard' }, OWN_URLS)).toBe('https://dash.example/dashboard');
    expect(siteHref({ site: 'admin', path: '/producers' }, OWN_URLS)).toBe('https://admin.example/producers');
    expect(siteHref({ site: 'admin', path: '/producers' }, { ...OWN_URLS, adminUrl: '' })).toBe('/admin/producers');
  });

  test('every menu link of every role resolves to a distinct embedded path per site', () => {
    for (const links of Object.values(USER_MENUS)) {
      const hrefs = links.map((link) => siteHref(link, EMBEDDED));
      expect(new Set(hrefs).size).toBe(hrefs.length);
      for (const href of hrefs) expect(href).toMatch(/^\/(dashboard|admin)(\/|$)/);
    }
  });
});
