import type { Page } from 'puppeteer-core';

/** Low enough that the widget's workers solve a challenge at once on a busy test machine; still solved. */
export const QUICK_CAPTCHA = { CAPTCHA_COMPLEXITY: '50' } as const;

/**
 * Waits, as a person looks for it, until the robot check inside `within` (a CSS selector) reads
 * "Verified" where it said "I'm not a robot": the widget solved the server's challenge in its worker.
 */
export async function robotCheckPassed(page: Page, within: string, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    (scope: string) =>
      [...document.querySelectorAll<HTMLLabelElement>(`${scope} label`)].some(
        (label) => label.textContent?.trim() === 'Verified' && label.control instanceof HTMLInputElement,
      ),
    { timeout },
    within,
  );
}
