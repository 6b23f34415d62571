import { PRELOADED_STATE_ID } from '../../shared/domain/constants';
import { BLOG_ARTICLES } from '../../shared/content/blogArticles';
import type { RootState } from '../../shared/store/rootReducer';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';

function preloadedState(html: string): RootState {
  const match = new RegExp(`<script type="application/json" id="${PRELOADED_STATE_ID}">([^<]*)</script>`).exec(html);
  if (!match) throw new Error('no preloaded state in the page');
  return JSON.parse(match[1]!) as RootState;
}

const textOf = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('content pages, server-rendered', () => {
  let app: TestApp;
  const page = async (path: string) => {
    const response = await fetch(`${app.baseUrl}${path}`);
    expect(response.status).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  test('/services preloads the sound services from their table into the HTML and the state', async () => {
    const html = await page('/services');
    const state = preloadedState(html);
    expect(state.pages.soundServices?.map((service) => service.name)).toContain('Vocal tuning');
    expect(textOf(html)).toContain('Mixing and mastering');
    expect(textOf(html)).toContain('from $149');
    expect(titleOf(html)).toBe('Sound services | Beatcrate');
  });

  test('a seller page with ?language=ru is Russian, down to the html element and the title', async () => {
    const html = await page('/for-sellers/use-of-samples?language=ru');
    expect(html).toContain('<html lang="ru">');
    expect(titleOf(html)).toBe('Использование сэмплов | Beatcrate');
    expect(textOf(html)).toContain('Почему так строго?');
    expect(preloadedState(html).i18n.language).toBe('ru');
  });

  test('without the language query the same page is English', async () => {
    const html = await page('/for-sellers/use-of-samples');
    expect(html).toContain('<html lang="en">');
    expect(textOf(html)).toContain('Why so strict?');
  });

  test.each(BLOG_ARTICLES.map((article) => [article.routeName, article.title] as const))('/%s renders its article', async (routeName, title) => {
    const html = await page(`/${routeName}`);
    expect(html).toContain(`<h1>${title.replace(/&/g, '&amp;')}</h1>`);
    expect(titleOf(html)).toBe(`${title} | Beatcrate`);
  });

  test('the privacy policy and the contact form are in the first HTML', async () => {
    expect(textOf(await page('/privacy-policy'))).toContain('The action log of your session');
    const contacts = await page('/contacts');
    expect(contacts).toContain('aria-label="Contact form"');
    expect(textOf(contacts)).toContain('Send message');
  });
});
