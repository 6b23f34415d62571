/**
 * @jest-environment node
 */
import type { Page, Viewport } from 'puppeteer-core';
import { DESKTOP, openWatchedPage, PHONE, waitForHydration } from './helpers/page';
import { useServerAndBrowser } from './helpers/session';

/**
 * axe-core in Chromium: no serious or critical violations on the main pages, at the desktop and
 * the phone width (each hides and shows different parts of the shell).
 */

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

const AXE_PATH = require.resolve('axe-core');
// In December, so that the announcement bar is checked too.
const session = useServerAndBrowser({ env: { CLOCK_START_AT: '2026-12-10T09:00:00Z' } });
const { test } = session;

async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((node) => ({ target: node.target as string[], failureSummary: node.failureSummary })),
    }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Opens `url` with our CSP bypassed, so that axe can be added as a script tag. */
async function visitForAxe(url: string, viewport: Viewport) {
  const context = await session.browser().createBrowserContext();
  const { page } = await openWatchedPage(context, viewport);
  await page.setBypassCSP(true);
  await page.goto(`${session.server().baseUrl}${url}`, { waitUntil: 'load' });
  await waitForHydration(page);
  return { page, context };
}

const describeViolations = (violations: AxeViolation[]) =>
  violations
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help}\n${violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n')}`)
    .join('\n');

const PAGES = ['/', '/beats', '/product/1', '/cart', '/terms-and-conditions'];

for (const [label, viewport] of [['1280', DESKTOP], ['375', PHONE]] as const) {
  for (const url of PAGES) {
    test(`${url} at ${label} px has no serious or critical axe violations`, async () => {
      const { page, context } = await visitForAxe(url, viewport);
      try {
        expect(describeViolations(await seriousViolations(page))).toBe('');
      } finally {
        await context.close();
      }
    });
  }
}

test('the login popup over /beats has no serious or critical axe violations', async () => {
  const { page, context } = await visitForAxe('/beats?login=true', DESKTOP);
  try {
    expect(describeViolations(await seriousViolations(page))).toBe('');
  } finally {
    await context.close();
  }
});

for (const panel of ['Menu', 'Filters', 'Search by tags']) {
  test(`the ${panel} panel on a phone has no serious or critical axe violations`, async () => {
    const { page, context } = await visitForAxe('/beats', PHONE);
    try {
      await page.locator(`::-p-aria([name="${panel}"][role="button"])`).click();
      await page.waitForFunction(() => document.body.style.overflow === 'hidden');
      expect(describeViolations(await seriousViolations(page))).toBe('');
    } finally {
      await context.close();
    }
  });
}
