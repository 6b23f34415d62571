import fs from 'node:fs';
import { CHROMIUM_ARGS } from '../../test/e2e/helpers/browser';

/** What one Lighthouse run of one page reports: the four category scores (0–100) and the three metrics. */
export interface PageAudit {
  url: string;
  formFactor: FormFactor;
  scores: { performance: number; accessibility: number; 'best-practices': number; seo: number };
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** The audits that did not pass, as `id (display value)`, for what to fix. */
  failing: string[];
}

export type FormFactor = 'mobile' | 'desktop';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The Chromium the bench drives: Puppeteer's when set (as in the e2e suites), else the system one. */
export const CHROME_PATH = process.env.PUPPETEER_EXECUTABLE_PATH ?? '/usr/bin/chromium';

/** The flags the Chromium suites use (headless, no sandbox, none of Chromium's own background traffic in the trace); no autoplay: Lighthouse loads pages as a visitor does. */
const CHROME_FLAGS = CHROMIUM_ARGS.filter((flag) => !flag.startsWith('--autoplay'));

/** The longest one audit may take, launch to result, before it is abandoned and its Chromium killed. */
export const AUDIT_TIMEOUT_MS = 90_000;

/**
 * Runs Lighthouse (its default throttling: simulated slow 4G and a 4× slower CPU on mobile, the
 * desktop preset's fast link) on `url` in a fresh headless Chromium with a fresh profile
 * (chrome-launcher makes a temp user-data-dir per launch), one page per browser so no cache or
 * service worker carries over. Gives up after `timeoutMs`; the browser is killed either way.
 * `reportPath`, when given, receives the full Lighthouse result (JSON) for a closer look.
 */
export async function auditPage(
  url: string,
  formFactor: FormFactor,
  options: { chromePath?: string; timeoutMs?: number; reportPath?: string } = {},
): Promise<PageAudit> {
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const timeoutMs = options.timeoutMs ?? AUDIT_TIMEOUT_MS;
  const chrome = await chromeLauncher.launch({ chromePath: options.chromePath ?? CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  let timer: NodeJS.Timeout | undefined;
  try {
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Lighthouse on ${url} (${formFactor}) took over ${timeoutMs / 1000} s`)), timeoutMs);
    });
    const result = await Promise.race([
      lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], maxWaitForLoad: Math.min(45_000, timeoutMs) },
        formFactor === 'desktop' ? desktopConfig : undefined,
      ),
      timedOut,
    ]);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (options.reportPath) fs.writeFileSync(options.reportPath, JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    // An audit fails when its score is below 0.9 (Lighthouse's own "passed" line); for the
    // binary and metric audits alike. Informative, manual and not-applicable ones score null.
    const failing = Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
      .map((audit) => (audit.displayValue ? `${audit.id} (${audit.displayValue})` : audit.id));
    return {
      url,
      formFactor,
      scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
      lcpMs: numeric('largest-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
      tbtMs: numeric('total-blocking-time'),
      failing,
    };
  } finally {
    clearTimeout(timer);
    chrome.kill();
  }
}
