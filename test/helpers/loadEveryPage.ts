/**
 * Pages outside the shop's own come in chunks the browser fetches on the way to them
 * (client/pageRegistry.ts); a component test renders any page at once, so in a jsdom test they
 * are all loaded first, as the server loads them before its first render.
 */
if (typeof window !== 'undefined') {
  beforeAll(async () => {
    const { loadEveryPage } = await import('../../client/pageRegistry');
    await loadEveryPage();
  });
}

export {};
