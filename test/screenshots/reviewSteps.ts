import type { Page } from 'puppeteer-core';
import { button, DESKTOP, field, REVIEW_WIDTHS, waitForHydration } from '../e2e/helpers/page';
import type { Journey } from './reviewShots';

type Shoot = Parameters<Journey>[1];

/** Logs in through the login popup the page shows (`/?login=true`), as a person would. */
export async function logInOnPage(page: Page, email: string, password = 'beats42'): Promise<void> {
  await (await field(page, 'Email')).type(email);
  await (await field(page, 'Password')).type(password);
  await button(page, 'Log in').click();
  await page.locator('.site-header .user-menu__avatar').wait();
}

/** Goes to a page of the server by address and waits until React has hydrated it. */
export async function openPage(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(new URL(path, baseUrl).href, { waitUntil: 'load' });
  await waitForHydration(page);
}

/**
 * Shoots the page as it is at 1280 and 375 px, whole, as `{prefix}-{name}-{width}`. Width alone
 * (the layout follows media queries): a phone's touch emulation would reload the page and lose
 * what is open.
 */
export function shooterAtBothWidths(shoot: Shoot, prefix: string): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    for (const [label, { width, height }] of REVIEW_WIDTHS) {
      await page.setViewport({ width, height });
      await page.waitForFunction((wanted: number) => window.innerWidth === wanted, {}, width);
      await shoot(page, `${prefix}-${name}-${label}`, true);
    }
    await page.setViewport(DESKTOP);
  };
}
