import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildClient, isBuildFresh } from '../server/build/clientBuild';
import { startServer } from '../test/e2e/helpers/server';
import { AUDIT_TIMEOUT_MS, auditPage, CHROME_PATH, type FormFactor, type PageAudit } from './lighthouse/auditPage';
import { type Metric, standalone } from './metric';
import type { BenchOptions } from './run';

/** Where each run's full Lighthouse result is left (JSON), for what to fix; replaced every run. */
const REPORT_DIR = path.join(os.tmpdir(), 'beatcrate-lighthouse');

const UNAUDITED: Pick<PageAudit, 'scores' | 'lcpMs' | 'cls' | 'tbtMs'> = {
  scores: { performance: Number.NaN, accessibility: Number.NaN, 'best-practices': Number.NaN, seo: Number.NaN },
  lcpMs: Number.NaN,
  cls: Number.NaN,
  tbtMs: Number.NaN,
};

/** Rows of one audit, named by page and form factor, with issue 16's targets. */
function auditRows(label: string, audit: Pick<PageAudit, 'scores' | 'lcpMs' | 'cls' | 'tbtMs'>): Metric[] {
  const row = (name: string, value: number, unit: string, target: string): Metric => ({ ...standalone(`lighthouse ${label}: ${name}`, value, unit), target });
  return [
    row('performance', audit.scores.performance, 'score', '>= 95'),
    row('LCP', audit.lcpMs, 'ms', '<= 1500 ms'),
    row('CLS', audit.cls, 'score', '<= 0.05'),
    row('TBT', audit.tbtMs, 'ms', '<= 150 ms'),
    // Scores top out at 100, so "≥ 100" reads "= 100".
    row('accessibility', audit.scores.accessibility, 'score', '>= 100'),
    row('best practices', audit.scores['best-practices'], 'score', '>= 100'),
    row('SEO', audit.scores.seo, 'score', '>= 100'),
  ];
}

/**
 * Issue 16's Lighthouse rows: the lighthouse npm package drives the system Chromium over `/`,
 * `/beats` and a product page, mobile and desktop, one run each, sequentially, against the real
 * server as `npm start` runs it in production mode (fresh client build, a temp SQLite database
 * seeded with the demo shop) on a free loopback port. `quick` audits `/` on mobile only.
 */
export async function lighthouseBench(progress: (line: string) => void, options: BenchOptions): Promise<{ metrics: Metric[]; notes: string[] }> {
  if (!fs.existsSync(CHROME_PATH)) throw new Error(`lighthouse: no Chromium at ${CHROME_PATH} (set PUPPETEER_EXECUTABLE_PATH)`);
  if (!isBuildFresh()) {
    progress('lighthouse: building the client');
    await buildClient();
  }
  fs.rmSync(REPORT_DIR, { recursive: true, force: true });
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const server = await startServer({
    env: { NODE_ENV: 'production', DEMO_ACTIVITY: 'off', PAYMENTS_SANDBOX: 'true', CAPTCHA: 'off' },
  });
  try {
    const origin = server.baseUrl;
    const pages = ['/'];
    if (!options.quick) {
      const response = await fetch(`${origin}/api/v1/tracks?take=1`);
      if (!response.ok) throw new Error(`lighthouse: GET /api/v1/tracks?take=1 answered ${response.status}`);
      const { tracks } = (await response.json()) as { tracks: Array<{ id: number }> };
      const product = tracks[0];
      if (!product) throw new Error('lighthouse: the demo shop has no tracks to open a product page of');
      pages.push('/beats', `/product/${product.id}`);
    }
    const formFactors: FormFactor[] = options.quick ? ['mobile'] : ['mobile', 'desktop'];

    const metrics: Metric[] = [];
    const notes: string[] = [];
    for (const formFactor of formFactors) {
      for (const page of pages) {
        const label = `${page} ${formFactor}`;
        progress(`lighthouse: ${label} (at most ${AUDIT_TIMEOUT_MS / 1000} s)`);
        const reportPath = path.join(REPORT_DIR, `${formFactor}${page.replaceAll('/', '_') || '_'}.json`);
        try {
          // Lighthouse only says "status code 500"; the server's log says why.
          const answer = await fetch(`${origin}${page}`);
          await answer.arrayBuffer();
          if (answer.status !== 200) {
            const cause = server.output().split('\n').filter((line) => /fail|error/i.test(line)).at(-1);
            throw new Error(`GET ${page} answered ${answer.status}${cause ? `; the server last logged: ${cause.trim().slice(0, 300)}` : ''}`);
          }
          // Lighthouse sometimes loses its trace (NO_NAVSTART) and says to run it again: once.
          const audit = await auditPage(`${origin}${page}`, formFactor, { reportPath }).catch((error: unknown) => {
            if (!(error instanceof Error && /run Lighthouse again/i.test(error.message))) throw error;
            notes.push(`Lighthouse ${label}: audited twice, the first run said: ${error.message.split('\n')[0]}`);
            return auditPage(`${origin}${page}`, formFactor, { reportPath });
          });
          metrics.push(...auditRows(label, audit));
          notes.push(`Lighthouse ${label}: ${audit.failing.length === 0 ? 'no failing audits' : `failing ${audit.failing.join(', ')}`}.`);
        } catch (error) {
          // A page that cannot be audited keeps its rows, as '-' and unmet (NaN), and says why; the others still run.
          metrics.push(...auditRows(label, UNAUDITED));
          notes.push(`Lighthouse ${label}: NOT audited: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        }
      }
    }
    notes.push(`Lighthouse: full results (JSON) in ${REPORT_DIR}; Chromium ${CHROME_PATH}; one run per page, so performance is noisy on a busy machine.`);
    return { metrics, notes };
  } finally {
    await server.stop();
  }
}
