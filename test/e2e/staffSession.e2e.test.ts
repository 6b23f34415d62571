/**
 * @jest-environment node
 */
import type { HTTPRequest, Page } from 'puppeteer-core';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { runUsersCommand } from '../helpers/tools';
import { describeProblems, waitForHydration } from './helpers/page';
import { useServerAndBrowser } from './helpers/session';

/**
 * A staff session in Chromium across full page loads of the admin site. A moderator reported being
 * logged out on the second load of an admin page: the server's render saw them, then the start-up
 * refresh (GET /auth/checkhealth) answered 401. The network log shows why: the first load's
 * refresh was still on its way when the reload replaced the page; Chromium cancelled it as the
 * new page arrived, the page being left took the cancelled call for a failed refresh and sent
 * POST /auth/logout, and the server ended the session the new page had just been rendered with.
 * Here the first refresh is held, so the reload always overtakes it.
 */

const session = useServerAndBrowser();
const { test } = session;
const runId = Date.now();

const AUTH_CALL = /^\/api\/v1\/auth\//;
const pathOf = (url: string) => new URL(url).pathname;

/** A moderator as an operator makes one (`npm run users -- grant`), logged in over the API. */
async function loggedInModerator(email: string): Promise<ApiBrowser> {
  const api = new ApiBrowser(session.server().baseUrl);
  expect((await api.json('POST', '/auth/register', registration({ email }))).status).toBe(201);
  expect((await runUsersCommand(session.server().databaseUrl, ['grant', 'moderator', email])).stderr).toBe('');
  expect((await api.json('POST', '/auth/login', { email, password: 'beats42', remember: false })).status).toBe(200);
  return api;
}

/** The browser takes the account's session cookie, as if it had logged in itself. */
async function carrySession(page: Page, api: ApiBrowser) {
  const url = session.server().baseUrl;
  await page.setCookie(...[...api.cookies].map(([name, value]) => ({ name, value, url, httpOnly: true, sameSite: 'Lax' as const })));
}

/** Every auth call the tab makes, whether or not it reaches the server. */
function recordAuthCalls(page: Page) {
  const log: string[] = [];
  page.on('request', (request) => {
    if (AUTH_CALL.test(pathOf(request.url()))) log.push(`${request.method()} ${pathOf(request.url())}`);
  });
  return log;
}

test('a moderator reloading an admin page while its start-up refresh is on its way stays logged in', async () => {
  const api = await loggedInModerator(`staff.reload.${runId}@example.com`);
  const { page, context, problems } = await session.open();
  try {
    await carrySession(page, api);
    const authCalls = recordAuthCalls(page);
    await page.setRequestInterception(true);
    let refreshes = 0;
    let firstRefreshSent: () => void = () => undefined;
    const firstRefresh = new Promise<void>((resolve) => (firstRefreshSent = resolve));
    page.on('request', (request: HTTPRequest) => {
      // The first load's refresh never gets an answer: the reload cancels it.
      if (pathOf(request.url()) === '/api/v1/auth/checkhealth' && ++refreshes === 1) {
        firstRefreshSent();
        return;
      }
      void request.continue();
    });
    await page.goto(`${session.server().baseUrl}/admin/producers`, { waitUntil: 'load' });
    await firstRefresh;
    const secondRefresh = page.waitForResponse((response) => pathOf(response.url()) === '/api/v1/auth/checkhealth');
    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page);
    expect((await secondRefresh).status()).toBe(200);
    // The page being left asked for no logout; the new one refreshed its session.
    expect(authCalls).toEqual(['GET /api/v1/auth/checkhealth', 'GET /api/v1/auth/checkhealth']);
    expect(await page.$('.site-header .user-menu__avatar')).not.toBeNull();
    expect((await api.json('GET', '/auth/checkhealth')).status).toBe(200);
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});
