import type { BrowserContext, Page } from 'puppeteer-core';

/**
 * What a test's visitors last saw, for its failure message. A puppeteer timeout's stack names no
 * line of the test, and by the time the failure reaches the report the test's `finally` has
 * closed the browser context: so the context, as it closes, writes down each page's address,
 * what it showed and the answers it was refused.
 */
export class FailureWitness {
  private seen: string[] = [];

  /** Watches `page` and writes down what its `context` shows when the test closes it. */
  watch(context: BrowserContext, page: Page): void {
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.request().method()} ${new URL(response.url()).pathname} ${response.status()}`);
    });
    const close = context.close.bind(context);
    context.close = async () => {
      this.seen.push(await describePage(page, refused));
      await close();
    };
  }

  /** What was written down since the last call. */
  take(): string {
    const seen = this.seen.join('\n\n');
    this.seen = [];
    return seen;
  }
}

async function describePage(page: Page, refused: string[]): Promise<string> {
  if (page.isClosed()) return `A page closed before its context, refused: ${refused.join(', ') || 'nothing'}`;
  const shown = await page.evaluate(() => document.body?.innerText ?? '').catch(() => '(the page could not be read)');
  // One line: a page's text is mostly short lines (menus, filters) that would fill the report.
  const text = shown.replace(/\s*\n\s*/g, ' | ').slice(0, 2000);
  return [`At ${page.url()}`, `Refused answers: ${refused.slice(-10).join(', ') || 'none'}`, `It showed: ${text}`].join('\n');
}
