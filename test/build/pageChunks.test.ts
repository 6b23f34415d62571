import { readBundleReport } from '../../server/build/bundleReport';

/** The production build that globalSetup made: a buyer's first load carries only the shop's own pages. */
describe('route-level code splitting', () => {
  const report = readBundleReport();
  const initial = [...report.initial.modules];
  const initialHas = (prefix: string) => initial.some((module) => module.startsWith(prefix));

  test.each([
    ['sites', 'client/features/adminLists/'],
    ['sites', 'client/features/studio/MyBeatsPage.tsx'],
    ['sites', 'client/features/analyticsReports/'],
    ['support', 'client/features/support/SupportSessionPage.tsx'],
    ['content', 'shared/content/blog/'],
    ['content', 'client/features/pages/TextPages.tsx'],
  ])('the %s chunk, not the first load, carries %s', (chunk, prefix) => {
    expect(initialHas(prefix)).toBe(false);
    expect([...(report.lazy[chunk]?.modules ?? [])].some((module) => module.startsWith(prefix))).toBe(true);
  });

  test('the shop\'s own pages come with the first load', () => {
    for (const page of ['client/features/home/HomePage.tsx', 'client/features/catalogue/BeatsPage.tsx', 'client/features/product/ProductPage.tsx', 'client/features/cart/CartPage.tsx']) {
      expect(initial).toContain(page);
    }
  });
});
