import { BLOG_ROUTES, ROUTES } from '../routes/routeTable';
import { BLOG_ARTICLES } from './blogArticles';
import { contentPage, ENGLISH_PAGES, pageTitle, SELLER_PAGES } from './contentPages';
import { blockText, type ContentPage, pageText } from './contentTypes';

const words = (page: ContentPage) => pageText(page).split(/\s+/).filter((word) => /\p{L}|\d/u.test(word)).length;
const links = (page: ContentPage) =>
  page.sections.flatMap((section) =>
    section.blocks.flatMap((block) => {
      if (typeof block === 'string') return [];
      if ('list' in block) return block.list.flatMap((item) => (typeof item === 'string' ? [] : [item.link.href]));
      return [block.link.href];
    }),
  );

describe('blog articles', () => {
  test('one article for each blog route, in the same order', () => {
    expect(BLOG_ARTICLES.map((article) => article.routeName)).toEqual(BLOG_ROUTES.map((route) => route.name));
  });

  test.each(BLOG_ARTICLES.map((article) => [article.routeName, article] as const))('%s is a real article: 400 to 700 words under headings', (_name, article) => {
    expect(words(article)).toBeGreaterThanOrEqual(400);
    expect(words(article)).toBeLessThanOrEqual(700);
    expect(article.sections.length).toBeGreaterThanOrEqual(4);
    for (const section of article.sections) expect(section.heading).toBeTruthy();
    expect(article.summary.length).toBeGreaterThan(20);
  });
});

describe('seller pages', () => {
  test.each(Object.entries(SELLER_PAGES))('%s is written in English and in Russian', (_name, page) => {
    expect(pageText(page.en)).not.toMatch(/[а-яё]/i);
    const russian = pageText(page.ru);
    const cyrillicLetters = russian.match(/[а-яё]/gi)?.length ?? 0;
    const latinLetters = russian.match(/[a-z]/gi)?.length ?? 0;
    expect(cyrillicLetters).toBeGreaterThan(latinLetters * 4);
    expect(page.ru.sections).toHaveLength(page.en.sections.length);
  });

  test('Russian pages link to the Russian versions of the other seller pages', () => {
    for (const page of Object.values(SELLER_PAGES)) {
      for (const href of links(page.ru).filter((link) => link.startsWith('/for-sellers'))) expect(href).toContain('language=ru');
    }
  });

  test('the Submission Rules forbid samples, loops, templates, construction kits and MIDI files from others', () => {
    const rules = pageText(SELLER_PAGES['for-sellers-rules']!.en);
    expect(rules).toContain('must not contain samples, loops, templates, construction kits or MIDI files made by others');
  });
});

describe('every content page', () => {
  const pages = [...Object.values(ENGLISH_PAGES), ...Object.values(SELLER_PAGES).flatMap((page) => [page.en, page.ru]), ...BLOG_ARTICLES];

  test('links only to routes that exist', () => {
    const paths = ROUTES.map((route) => route.path).filter((path) => !path.includes(':'));
    for (const page of pages) {
      for (const href of links(page)) expect(paths).toContain(new URL(href, 'http://x.invalid').pathname);
    }
  });

  test('has no empty blocks', () => {
    for (const page of pages) for (const section of page.sections) for (const block of section.blocks) expect(blockText(block).trim()).not.toBe('');
  });
});

describe('pageTitle', () => {
  test('is the page’s own heading in its language, else the route table’s title', () => {
    expect(pageTitle('for-sellers', 'ru', 'x')).toBe('Как это работает для продавцов | Beatcrate');
    expect(pageTitle('buy-beats-online', 'en', 'x')).toBe(`${contentPage('buy-beats-online', 'en')!.title} | Beatcrate`);
    expect(pageTitle('contacts', 'en', 'Contacts us')).toBe('Contact us | Beatcrate');
    expect(pageTitle('beats', 'en', 'Shop')).toBe('Shop');
    expect(pageTitle(null, 'en', 'Beatcrate')).toBe('Beatcrate');
  });
});
