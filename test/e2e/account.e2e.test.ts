/**
 * @jest-environment node
 */
import type { Page } from 'puppeteer-core';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { button, describeProblems, textOnPage } from './helpers/page';
import { useServerAndBrowser } from './helpers/session';

/**
 * Account settings in Chromium: a buyer changes their name (the header's menu follows) and their
 * password (their other browser is logged out, this one stays), logs out everywhere, logs in
 * again and deletes the account; then logging in fails.
 */

const session = useServerAndBrowser();
const { test } = session;
const runId = Date.now();

const waitForPath = (page: Page, pathname: string) =>
  page.waitForFunction((wanted: string) => window.location.pathname === wanted, {}, pathname);

/** The control a label names inside one section of the page: several sections ask for the current password. */
async function fieldIn(page: Page, section: string, label: string) {
  const handle = await page.waitForFunction(
    ([region, text]: [string, string]) => {
      const heading = [...document.querySelectorAll('section h2')].find((element) => element.textContent?.trim() === region);
      const scope = heading?.closest('section');
      return [...(scope?.querySelectorAll('label') ?? [])].find((element) => element.textContent?.trim() === text)?.control ?? null;
    },
    {},
    [section, label] as [string, string],
  );
  return handle.asElement() as NonNullable<Awaited<ReturnType<Page['$']>>>;
}

async function logIn(page: Page, email: string, password: string) {
  await page.locator('::-p-aria([name="Email"][role="textbox"])').fill(email);
  await page.locator('::-p-aria([name="Password"])').fill(password);
  await button(page, 'Log in').click();
}

test('a buyer changes name and password, logs out everywhere, then deletes the account and cannot log in again', async () => {
  const email = `account.buyer.${runId}@example.com`;
  const other = new ApiBrowser(session.server().baseUrl);
  expect((await other.json('POST', '/auth/register', registration({ email }))).status).toBe(201);

  const { page, context, problems } = await session.visit('/dashboard/account/profile');
  try {
    await logIn(page, email, 'beats42');
    await waitForPath(page, '/dashboard/account/profile');
    await page.locator('::-p-aria([name="Profile"][role="form"])').wait();

    // The name: saved, and the header's avatar letter follows.
    const firstName = await fieldIn(page, 'Profile', 'First Name');
    await firstName.click({ count: 3 });
    await firstName.type('Grace');
    await button(page, 'Save profile').click();
    await textOnPage(page, 'Your profile is saved.');
    await page.waitForFunction(() => document.querySelector('.site-header .user-menu__avatar')?.textContent?.trim() === 'G');
    expect((await other.json<{ firstName: string }>('GET', '/auth/checkhealth')).body.firstName).toBe('Grace');

    // The password: the other browser's session ends, this one stays.
    await (await fieldIn(page, 'Password', 'Current password')).type('beats42');
    await (await fieldIn(page, 'Password', 'New password')).type('fresh42x');
    await (await fieldIn(page, 'Password', 'Confirm Password')).type('fresh42x');
    await button(page, 'Change password').click();
    await textOnPage(page, 'Your password is changed. Your other sessions are logged out.');
    expect((await other.json('GET', '/auth/checkhealth')).status).toBe(401);
    await page.reload({ waitUntil: 'load' });
    await page.locator('::-p-aria([name="Profile"][role="form"])').wait();
    await textOnPage(page, 'This browser');

    // Log out everywhere: this browser too.
    const phone = new ApiBrowser(session.server().baseUrl);
    expect((await phone.json('POST', '/auth/login', { email, password: 'fresh42x' })).status).toBe(200);
    await button(page, 'Log out everywhere').click();
    await waitForPath(page, '/');
    await page.locator('.site-header ::-p-aria([name="Log In"])').wait();
    expect((await phone.json('GET', '/auth/checkhealth')).status).toBe(401);

    // Back in with the new password, and out for good.
    await page.goto(`${session.server().baseUrl}/dashboard/account/profile`, { waitUntil: 'load' });
    await logIn(page, email, 'fresh42x');
    await waitForPath(page, '/dashboard/account/profile');
    await button(page, 'Delete my account…').click();
    await (await fieldIn(page, 'Delete my account', 'Your password, to confirm')).type('fresh42x');
    await button(page, 'Delete my account for good').click();
    await waitForPath(page, '/');
    await page.locator('.site-header ::-p-aria([name="Log In"])').wait();
    const again = new ApiBrowser(session.server().baseUrl);
    expect((await again.json('POST', '/auth/login', { email, password: 'fresh42x' })).status).toBe(401);
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});
