/**
 * @jest-environment node
 */
import type { Page } from 'puppeteer-core';
import { registration } from '../helpers/accountClient';
import { solveCaptcha } from '../helpers/captcha';
import { button, describeProblems, textOnPage, waitForHydration } from './helpers/page';
import { QUICK_CAPTCHA } from './helpers/robotCheck';
import { useServerAndBrowser } from './helpers/session';

/** A producer page as a person uses it: follow, see the count move, reload, still following. */

const session = useServerAndBrowser({ env: QUICK_CAPTCHA });
const { test } = session;

const followers = (page: Page) =>
  page.$eval('.producer-page__followers', (element) => Number.parseInt(element.textContent ?? '', 10));

test('a guest pressing Follow gets the login popup', async () => {
  const { page, context, problems } = await session.visit('/lowtide');
  try {
    await button(page, 'Follow').click();
    await page.locator('::-p-aria([name="Log in or register"][role="dialog"])').wait();
    expect(new URL(page.url()).searchParams.get('login')).toBe('true');
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});

test('a buyer follows a producer; the count goes up, and after a reload it is still Following', async () => {
  const { page, context, problems } = await session.visit('/');
  try {
    // Registering through the API from the page: the session cookie lands in this browser context.
    // The robot check is solved here as the widget would; the registration popup is another test's.
    const captcha = (await solveCaptcha(session.server().baseUrl))!;
    const status = await page.evaluate(
      async (body: unknown, altcha: string) => {
        const response = await fetch('/api/v1/auth/register', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Altcha: altcha },
          body: JSON.stringify(body),
        });
        return response.status;
      },
      registration({ email: `follower.${Date.now()}@example.com` }),
      captcha,
    );
    expect(status).toBeLessThan(300);

    await page.goto(`${session.server().baseUrl}/nova-kade`, { waitUntil: 'load' });
    await waitForHydration(page);
    await textOnPage(page, 'Nova Kade');
    const before = await followers(page);
    await button(page, 'Follow').click();
    await button(page, 'Following').wait();
    await page.waitForFunction(
      (expected: number) => Number.parseInt(document.querySelector('.producer-page__followers')?.textContent ?? '', 10) === expected,
      {},
      before + 1,
    );

    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page);
    await button(page, 'Following').wait();
    expect(await followers(page)).toBe(before + 1);
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});
