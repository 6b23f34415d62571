import type { Frame, Page } from 'puppeteer-core';

/** Hides the tab, so everything it has not sent goes out by beacon; its session id. */
export async function shipTab(page: Page): Promise<string> {
  const tab = await page.evaluate(() => sessionStorage.getItem('beatcrate.actionLog.tab'));
  const { sessionId } = JSON.parse(tab ?? '{}') as { sessionId: string };
  const shipped = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/action-log');
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  await shipped;
  return sessionId;
}

/** The support console's replayed page once it shows step `seq`. */
export const replayedFrame = (page: Page, seq: number): Promise<Frame> => page.waitForFrame((frame) => frame.url().endsWith(`/frame?at=${seq}`));
