import fs from 'node:fs';
import path from 'node:path';
import { type ActionLogEntry, SESSION_STARTED, STATE_VERSION } from '../../shared/actionLog/entry';
import { parseSessionFile } from '../../shared/actionLog/sessionFile';
import type { SupportSessionDetail } from '../../shared/schemas/support';
import { issuedTicket } from '../../test/actionLog/issuedTicket';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { grantRole } from '../auth/staffRoles';

const FIXTURE = parseSessionFile(fs.readFileSync(path.join(__dirname, '../../test/fixtures/actionLog/buyer-session.jsonl'), 'utf8'));
const [PAGE_LOAD] = FIXTURE.entries as [ActionLogEntry];
const RECORDED = PAGE_LOAD.payload as { state: { cart: Record<string, unknown> }; viewport: unknown };
const AT = PAGE_LOAD.at;
const action = (seq: number, type: string, payload?: unknown): ActionLogEntry => ({ seq, at: AT, type, ...(payload === undefined ? {} : { payload }) });
const pageLoad = (payload: unknown): ActionLogEntry => ({ seq: 1, at: AT, type: SESSION_STARTED, ...(payload === undefined ? {} : { payload }) });
/** An ordinary action after the page load: a step whose state the console is asked for. */
const typed = action(2, 'cart/couponInputChanged', 'SUMMER90');
const unfit = "This page load's state does not fit this build's";

/**
 * Logs no storefront wrote, each shipped through the real ingest endpoint (they fit its caps), then
 * opened as support opens them: the timeline, a step and the page at that step. None of them may
 * answer 500; each says what is wrong with the log, where.
 */
const FORGED: { name: string; entries: ActionLogEntry[]; pageLoadError: RegExp; step: number; stepError: RegExp | null; stepTimelineError?: RegExp }[] = [
  { name: 'a page load without a payload', entries: [pageLoad(undefined), typed], pageLoadError: /^This page load carries no state to replay from$/, step: 2, stepError: /^Step 2 cannot be shown\. This page load carries no state to replay from \(the page load at step 1\)$/ },
  {
    name: 'a page load whose state is empty',
    entries: [pageLoad({ state: {} }), typed],
    pageLoadError: new RegExp(`^${unfit} \\(navigation: Expected an object, but received: undefined\\): recorded by an older build, or not by the storefront$`),
    step: 2,
    stepError: new RegExp(`^Step 2 cannot be shown\\. ${unfit} \\(navigation`),
  },
  {
    name: 'a page load whose cart items are not a list',
    entries: [pageLoad({ ...RECORDED, state: { ...RECORDED.state, cart: { ...RECORDED.state.cart, items: 'many' } } }), typed],
    pageLoadError: new RegExp(`^${unfit} \\(cart\\.items: Expected an array value, but received: "many"\\)`),
    step: 2,
    stepError: /^Step 2 cannot be shown\. .*cart\.items/,
  },
  {
    name: 'a page load from a newer build',
    entries: [pageLoad({ ...RECORDED, stateVersion: STATE_VERSION + 1 }), typed],
    pageLoadError: new RegExp(`^Recorded by a newer build \\(state version ${STATE_VERSION + 1}; this build reads up to ${STATE_VERSION}\\)$`),
    step: 2,
    stepError: /^Step 2 cannot be shown\. Recorded by a newer build/,
  },
  {
    name: 'a cart load whose items are numbers, which the reducer folds into a cart no page can show',
    entries: [PAGE_LOAD, action(2, 'cart/cartLoaded', { items: [5] })],
    pageLoadError: /^$/,
    step: 2,
    stepError: /^Step 2 cannot be shown\. The replayed state does not fit this build's here \(cart\.items\.0: Expected an object, but received: 5\)$/,
  },
  {
    name: 'a cart load with a null payload, which the reducer throws on',
    entries: [PAGE_LOAD, action(2, 'cart/cartLoaded', null), { ...typed, seq: 3 }],
    pageLoadError: /^$/,
    step: 3,
    stepError: null,
    stepTimelineError: /^This build's reducers could not replay this action \(.+\); the replay goes on from the state before it$/,
  },
];

describe('forged logs in the support console', () => {
  let app: TestApp;
  let admin: ApiBrowser;
  const sessions = new Map<string, string>();

  beforeAll(async () => {
    app = await startTestApp();
    admin = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': '10.94.0.1' });
    expect((await admin.json('POST', '/auth/register', registration({ email: 'admin@example.com' }))).status).toBe(201);
    await grantRole(app.deps, 'admin@example.com', 'admin');
    expect((await admin.json('POST', '/auth/login', { email: 'admin@example.com', password: registration().password })).status).toBe(200);
    for (const forged of FORGED) {
      const ticket = await issuedTicket(app.baseUrl);
      const response = await fetch(`${app.baseUrl}/api/v1/action-log`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...ticket, entries: forged.entries }) });
      expect([forged.name, response.status]).toEqual([forged.name, 201]);
      sessions.set(forged.name, ticket.sessionId);
    }
  });
  afterAll(() => app.close());

  test.each(FORGED)('$name: the timeline, the step and the page answer, saying what is wrong and where', async ({ name, pageLoadError, step, stepError, stepTimelineError }) => {
    const id = sessions.get(name)!;
    const timeline = await admin.json<SupportSessionDetail>('GET', `/support/sessions/${id}`);
    expect(timeline.status).toBe(200);
    expect(timeline.body.steps[0]!.error ?? '').toMatch(pageLoadError);
    if (stepTimelineError) expect(timeline.body.steps.find((shown) => shown.seq === 2)?.error).toMatch(stepTimelineError);

    const both = await admin.json<{ message?: string; mismatches?: string[] }>('GET', `/support/sessions/${id}/steps/${step}`);
    const frame = await admin.call('GET', `/support/sessions/${id}/frame?at=${step}`);
    const frameBody = await frame.text();
    if (stepError) {
      expect({ status: both.status, message: both.body.message }).toEqual({ status: 422, message: expect.stringMatching(stepError) });
      expect({ status: frame.status, message: (JSON.parse(frameBody) as { message: string }).message }).toEqual({ status: 422, message: expect.stringMatching(stepError) });
    } else {
      // The replay went on without the action it could not fold: the step and its page are shown.
      expect(both.status).toBe(200);
      expect(frame.status).toBe(200);
      expect(frameBody).toContain('<!doctype html>');
    }
  });
});
