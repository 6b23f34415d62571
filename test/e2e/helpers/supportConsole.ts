import type { Frame, Page } from 'puppeteer-core';

/**
 * Hides the tab, so everything it has not had acknowledged goes out by beacon; its session id.
 * When the server has already acknowledged every entry (the recorder's own shipping got there
 * first, as it does on a slow machine), the tab sends nothing and there is no answer to wait for.
 */
export async function shipTab(page: Page): Promise<string> {
  const tab = await page.evaluate(() => sessionStorage.getItem('beatcrate.actionLog.tab'));
  const { sessionId } = JSON.parse(tab ?? '{}') as { sessionId: string };
  const controller = new AbortController();
  const shipped = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/action-log', { signal: controller.signal });
  const beaconSent = await page.evaluate(() => {
    const send = navigator.sendBeacon.bind(navigator);
    let sent = false;
    navigator.sendBeacon = (url, data) => {
      sent = true;
      return send(url, data);
    };
    window.dispatchEvent(new Event('pagehide'));
    return sent;
  });
  if (beaconSent) await shipped;
  else {
    controller.abort();
    await shipped.catch(() => undefined);
  }
  return sessionId;
}

/** The support console's replayed page once it shows step `seq`. */
export const replayedFrame = (page: Page, seq: number): Promise<Frame> => page.waitForFrame((frame) => frame.url().endsWith(`/frame?at=${seq}`));
