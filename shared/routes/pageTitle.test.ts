import { tabletPageTitle } from './pageTitle';

describe('tabletPageTitle', () => {
  test.each([
    ['beats', 'Shop'],
    ['cart', 'Cart'],
    ['beatmaker-id', 'Beatmaker'],
    ['id', 'Beatmaker'],
    ['for-buyers', 'How it works'],
    ['for-sellers-use-of-samples', 'How it works'],
    ['contacts', 'Contacts us'],
    ['pro-membership', 'PRO Membership'],
    ['what-is-beat-ghost-production', 'Blog'],
    ['index', null],
    ['services', null],
    ['terms-and-conditions', null],
    ['privacy-policy', null],
  ])('%s: %p', (route, title) => {
    expect(tabletPageTitle(route, null)).toBe(title);
  });

  test('a product page shows the product name', () => {
    expect(tabletPageTitle('product-id', 'Night Drive')).toBe('Night Drive');
  });
});
