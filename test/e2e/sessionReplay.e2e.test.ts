/**
 * @jest-environment node
 */
import { replayTool } from '../../server/tools/replay';
import { runToolHere } from '../helpers/tools';
import { addToCart, describeProblems } from './helpers/page';
import { useServerAndBrowser } from './helpers/session';
import { eventually } from '../helpers/eventually';

/**
 * Issue 12's determinism, in real Chromium: what a tab records (its actions, and a checkpoint
 * hash of its state every 50 actions and when the page is hidden) replays through this build's
 * reducers to the same hashes. Playback ticks and layout measures change state without being
 * recorded; the hash leaves them out, and this is where that is proved.
 */

const session = useServerAndBrowser();
const { test } = session;

const PLAYER = 'section[aria-label="Player"]';
const CARDS = '.beats-page__results .track-card';

test('a browsing, listening and shopping session replays to every checkpoint the browser recorded', async () => {
  const server = session.server();
  const { page, problems, context } = await session.visit('/beats');
  try {
    const forSale = `${CARDS}:has(.track-card__play):has(.track-card__actions)`;
    const names = await page.$$eval(`${forSale} .track-card__name`, (elements) => elements.slice(0, 2).map((element) => element.textContent?.trim() ?? ''));
    await page.locator(`::-p-aria([name="Play ${names[0]}"][role="button"])`).click();
    await page.waitForSelector(PLAYER);
    await page.waitForFunction(() => !document.querySelector('audio') || (document.querySelector('audio') as HTMLAudioElement).currentTime > 0.3);
    await addToCart(page, names[1]!);
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'load' });
    await page.goto(`${server.baseUrl}/beats?sort=price_asc`, { waitUntil: 'load' });
    const tab = await page.evaluate(() => sessionStorage.getItem('beatcrate.actionLog.tab'));
    const { sessionId } = JSON.parse(tab ?? '{}') as { sessionId: string };
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // The tab is hidden: its last checkpoint and every unsent entry go out by beacon.
    const shipped = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/action-log');
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await shipped;

    const replayed = await eventually(() => runToolHere(replayTool, server.databaseUrl, [sessionId]), ({ stdout }) => /Checkpoints: [1-9]/.test(stdout), 'a checkpoint in the replay');
    expect(replayed.stderr).toBe('');
    const checkpoints = /Checkpoints: (\d+) of (\d+) match/.exec(replayed.stdout);
    expect(checkpoints?.[1]).toBe(checkpoints?.[2]);
    expect(Number(checkpoints?.[2])).toBeGreaterThanOrEqual(1);
    expect(replayed.stdout).toContain('page loads');
    expect(replayed.stdout).toContain('Invariants: all hold');
    expect(replayed.code).toBe(0);
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});
