/**
 * @jest-environment node
 */
import type { Page } from 'puppeteer-core';
import { dashboardLinkFor, USER_MENUS } from '../../shared/domain/auth/userMenus';
import { siteHref } from '../../shared/sites/siteLinks';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { staffAccount } from './helpers/moderationFixtures';
import { button, describeProblems, field } from './helpers/page';
import { useServerAndBrowser } from './helpers/session';

/**
 * Issue 15 "Done when": every user-menu link of every role opens a working page. For each role,
 * log in through the login popup, then follow each link of the user menu in turn, as a person
 * does: its page shows its heading, no error page, and nothing goes wrong in the console.
 * (A designer account cannot be made yet: no registration or operator command gives that role.)
 */

const session = useServerAndBrowser();
const { test } = session;

const runId = Date.now();
const ERROR_TEXTS = ['Page not found (404)', 'This page could not be found', 'Server error (500)', 'Error!', 'An error occurred while showing the error page'];

type WalkedRole = 'client' | 'producer' | 'moderator' | 'admin';

async function accountFor(role: WalkedRole): Promise<string> {
  const email = `menu.walk.${role}.${runId}@example.com`;
  const server = session.server();
  if (role === 'moderator' || role === 'admin') {
    await staffAccount(server, email, role);
    return email;
  }
  const form = role === 'producer' ? { selectedRole: 'producer', isBuyer: false, socialNetwork: 'https://www.facebook.com/menuwalk' } : {};
  const registered = await new ApiBrowser(server.baseUrl).json('POST', '/auth/register', registration({ email, ...form }));
  if (registered.status !== 201) throw new Error(`could not register ${email}: ${JSON.stringify(registered.body)}`);
  return email;
}

/**
 * What the page shows once the address is `href` and the page there has drawn: its h1 and any error
 * page's words. The address changes as the link is followed, before the page's chunk and data arrive,
 * so until then the previous page (and on another site, its layout with its own user menu) is still
 * on screen: the walk goes on only once the wanted heading or an error page shows and the progress
 * bar is gone, as a person waits for the page they asked for.
 */
async function pageAt(page: Page, href: string, heading: string): Promise<{ heading: string; errors: string[] }> {
  await page.waitForFunction((wanted: string) => window.location.pathname === wanted, {}, href);
  await page.waitForFunction(
    (wanted: string, errorTexts: string[]) =>
      document.querySelector('h1')?.textContent?.trim() === wanted || errorTexts.some((words) => document.body.innerText.includes(words)),
    { polling: 'mutation' },
    heading,
    ERROR_TEXTS,
  );
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"]'), { polling: 'mutation' });
  return page.evaluate((errorTexts: string[]) => {
    const text = document.body.innerText;
    return { heading: document.querySelector('h1')?.textContent?.trim() ?? '', errors: errorTexts.filter((words) => text.includes(words)) };
  }, ERROR_TEXTS);
}

describe.each(['client', 'producer', 'moderator', 'admin'] as const)('the %s’s user menu', (role) => {
  test('every link opens its page with its heading, no error page and no console error', async () => {
    const email = await accountFor(role);
    const { page, context, problems } = await session.visit('/?login=true');
    try {
      await (await field(page, 'Email')).type(email);
      await (await field(page, 'Password')).type('beats42');
      await button(page, 'Log in').click();
      await page.locator('.site-header .user-menu__avatar').wait();
      const failures: string[] = [];
      // 'Go to dashboard' first: it opens the page of the menu at its address, whose heading is that page's title.
      const home = dashboardLinkFor(role);
      const homeTitle = USER_MENUS[role].find((link) => link.site === home.site && link.path === home.path)?.title ?? 'Dashboard';
      for (const link of [home, ...USER_MENUS[role]]) {
        const heading = link === home ? homeTitle : link.title;
        const href = siteHref(link, { dashboardUrl: '', adminUrl: '' });
        const before = problems.length;
        try {
          await page.locator('.site-header .user-menu__avatar').click();
          await page.locator(`.user-menu__list ::-p-aria([name="${link.title}"][role="menuitem"])`).click();
          const shown = await pageAt(page, href, heading);
          const consoleProblems = describeProblems(problems.slice(before));
          if (shown.heading !== heading || shown.errors.length > 0 || consoleProblems !== '') {
            failures.push(`${link.title} (${href}): heading "${shown.heading}"${shown.errors.length ? `, shows ${shown.errors.join(', ')}` : ''}${consoleProblems ? `, console: ${consoleProblems}` : ''}`);
          }
        } catch (error) {
          const shown = await page.evaluate(() => document.body.innerText.slice(0, 500)).catch(() => '(the page could not be read)');
          failures.push(`${link.title} (${href}): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}; at ${page.url()} the page showed: ${shown}`);
        }
      }
      expect(failures).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
