import type { Page } from 'puppeteer-core';
import { field } from './page';
import { robotCheckPassed } from './robotCheck';

/**
 * Fills the open registration popup as a visitor does (a unique email, password `beats42`,
 * Germany), waits for the robot check, presses Register and waits for the popup to close.
 * Returns the email it registered.
 */
export async function registerInOpenPopup(page: Page, name: { firstName: string; lastName: string; emailPrefix: string }): Promise<string> {
  const password = 'beats42';
  const email = `${name.emailPrefix}.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  // A popup the server rendered (`?register=true`) hydrates in slices after the app arrives: what
  // is typed into a field React has not taken over yet is lost, so every field must be React's first.
  await page.waitForFunction(() => {
    const fields = [...document.querySelectorAll('[role="dialog"] input, [role="dialog"] select')].filter((element) => !element.closest('altcha-widget'));
    return fields.length > 0 && fields.every((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));
  });
  for (const [label, value] of Object.entries({
    'First Name': name.firstName,
    'Last Name': name.lastName,
    Email: email,
    Password: password,
    'Confirm Password': password,
    Country: 'Germany',
  })) {
    await (await field(page, label)).type(value);
  }
  await (await field(page, 'Agree with')).click();
  await robotCheckPassed(page, '[role="dialog"]');
  await page.locator('::-p-aria([name="Register"][role="button"])').click();
  await page.waitForFunction(() => document.querySelector('[role="dialog"]') === null);
  return email;
}
