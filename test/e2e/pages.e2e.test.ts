/**
 * @jest-environment node
 */
import axe from 'axe-core';
import Sqlite from 'better-sqlite3';
import type { Page } from 'puppeteer-core';
import { BLOG_ARTICLES } from '../../shared/content/blogArticles';
import { SELLER_PAGES } from '../../shared/content/contentPages';
import { ROUTES } from '../../shared/routes/routeTable';
import { CONTACT_SENT } from '../../client/features/pages/ContactsPage';
import { REPORT_SENT } from '../../client/features/pages/ReportViolation';
import { button, describeProblems, textOnPage, textsOf, waitForHydration } from './helpers/page';
import { robotCheckPassed } from './helpers/robotCheck';
import { useServerAndBrowser } from './helpers/session';

/** The content pages as a visitor uses them: Russian seller pages, the contact form, the blog, a violation report. */

const session = useServerAndBrowser();
const { test } = session;

const textbox = (page: Page, name: string) => page.locator(`::-p-aria([name="${name}"][role="textbox"])`);
const heading = async (page: Page) => (await textsOf(page, 'main h1'))[0];
/** Rows the server stored, read from its own SQLite file as support would. */
function storedRows(table: 'contact_messages' | 'track_reports'): Record<string, unknown>[] {
  const database = new Sqlite(session.server().databaseUrl.replace(/^sqlite:/, ''), { readonly: true });
  try {
    return database.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[];
  } finally {
    database.close();
  }
}

test('the seller pages show Russian text with ?language=ru, and their tabs stay in Russian', async () => {
  const { page, context, problems } = await session.visit('/for-sellers?language=ru');
  try {
    expect(await heading(page)).toBe(SELLER_PAGES['for-sellers']!.ru.title);
    expect(await page.$eval('html', (element) => element.lang)).toBe('ru');
    await page.locator('::-p-aria([name="Правила публикации"][role="link"])').click();
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Правила публикации');
    expect(new URL(page.url()).search).toBe('?language=ru');
    expect(await page.title()).toBe('Правила публикации | Beatcrate');
    for (const [name, content] of Object.entries(SELLER_PAGES)) {
      const route = ROUTES.find((candidate) => candidate.name === name)!;
      await page.goto(`${session.server().baseUrl}${route.path}?language=ru`, { waitUntil: 'load' });
      expect(await heading(page)).toBe(content.ru.title);
      expect(await page.$eval('main', (main) => main.textContent ?? '')).toMatch(/[а-яё]{4,}/i);
    }
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});

test('the contact form submits, shows its confirmation, and the message is stored', async () => {
  const { page, context, problems } = await session.visit('/contacts');
  try {
    const subject = `Chromium ${Date.now()}`;
    await textbox(page, 'Name').fill('Mara Quinn');
    await textbox(page, 'Email').fill('mara@example.com');
    await textbox(page, 'Subject').fill(subject);
    await textbox(page, 'Message').fill('Can I use a beat I bought here in a short film?');
    await robotCheckPassed(page, 'form[aria-label="Contact form"]');
    await button(page, 'Send message').click();
    await textOnPage(page, CONTACT_SENT);
    expect(storedRows('contact_messages').filter((row) => row.subject === subject)).toEqual([
      expect.objectContaining({ name: 'Mara Quinn', email: 'mara@example.com', message: 'Can I use a beat I bought here in a short film?' }),
    ]);
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});

test('each blog article renders its heading, and the blog links lead from one to the next', async () => {
  const [first, second] = BLOG_ARTICLES;
  const { page, context, problems } = await session.visit(`/${first!.routeName}`);
  try {
    expect(await heading(page)).toBe(first!.title);
    await page.locator(`::-p-aria([name="${second!.title}"][role="link"])`).click();
    await page.waitForFunction((title: string) => document.querySelector('main h1')?.textContent === title, {}, second!.title);
    expect(await page.title()).toBe(`${second!.title} | Beatcrate`);
    for (const article of BLOG_ARTICLES) {
      await page.goto(`${session.server().baseUrl}/${article.routeName}`, { waitUntil: 'load' });
      await waitForHydration(page);
      expect(await heading(page)).toBe(article.title);
      expect((await textsOf(page, 'article h2')).length).toBeGreaterThanOrEqual(4);
    }
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});

test('the report popup submits from a product page and the report is stored for moderators', async () => {
  const { page, context, problems } = await session.visit('/product/1');
  try {
    await button(page, 'Report a violation').click();
    await page.locator('::-p-aria([name="Report a violation"][role="dialog"])').wait();
    expect(new URL(page.url()).searchParams.get('frame')).toBe('report');
    const details = `My track was re-uploaded here (${Date.now()}).`;
    await page.select('select[name="reason"]', 'copyright');
    await textbox(page, 'Details').fill(details);
    await textbox(page, 'Your email').fill('owner@example.com');
    await robotCheckPassed(page, '[role="dialog"]');
    await button(page, 'Send report').click();
    await textOnPage(page, REPORT_SENT);
    expect(storedRows('track_reports').filter((row) => row.details === details)).toEqual([
      expect.objectContaining({ product_id: 1, reason: 'copyright', email: 'owner@example.com', status: 'open' }),
    ]);
    await button(page, 'Done').click();
    await page.waitForFunction(() => document.querySelector('[role="dialog"]') === null);
    expect(new URL(page.url()).searchParams.has('frame')).toBe(false);
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});

describe('accessibility (axe-core in Chromium)', () => {
  const pages = ['/contacts', '/for-sellers/rules?language=ru', `/${BLOG_ARTICLES[0]!.routeName}`, '/services', '/privacy-policy', '/product/1?frame=report'];
  for (const pathname of pages) {
    test(`${pathname} hydrates cleanly and has no serious or critical violations`, async () => {
      const { page, problems, context } = await session.open();
      try {
        await page.setBypassCSP(true);
        await page.goto(`${session.server().baseUrl}${pathname}`, { waitUntil: 'load' });
        await waitForHydration(page);
        await page.evaluate(axe.source);
        const violations = await page.evaluate(async () => {
          const results = await (window as unknown as { axe: typeof axe }).axe.run(document);
          return results.violations
            .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
            .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
        });
        expect(violations).toEqual([]);
        expect(describeProblems(problems)).toBe('');
      } finally {
        await context.close();
      }
    });
  }
});
