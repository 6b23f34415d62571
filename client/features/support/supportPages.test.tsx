/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ApiError } from '../../../shared/api/apiClient';
import type { Role } from '../../../shared/domain/auth/roles';
import { userRefreshed } from '../../../shared/features/auth/authSlice';
import { DEFAULT_FEATURES } from '../../../shared/features/config/configSlice';
import { navigationRequested } from '../../../shared/features/navigation/navigationSlice';
import type { SupportSessionDetail, SupportSessionRow, SupportStepView } from '../../../shared/schemas/support';
import { makeStore } from '../../../shared/store/makeStore';
import { watchNavigation } from '../../../sagas/navigation/navigationSaga';
import { supportSagas } from '../../../sagas/support/supportSagas';
import { aUser } from '../../../test/helpers/fixtures';
import { App } from '../../App';
import { SessionImporterContext } from './sessionImporterContext';
import { answeringApi, type Answers } from '../../../test/helpers/answeringApi';

const ROW: SupportSessionRow = {
  id: 'tab-7f3a9c',
  startedAt: '2026-11-24T18:00:00.000Z',
  lastSeenAt: '2026-11-24T18:04:10.000Z',
  entryCount: 5,
  pageCount: 2,
  viewportWidth: 390,
  failedRequests: 1,
  errorCount: 1,
  userId: 12,
  imported: false,
};
const step = (
  seq: number,
  label: string,
  changes: SupportSessionDetail['steps'][number]['changes'] = [],
  error: string | null = null,
  { plumbing = false, input = null }: { plumbing?: boolean; input?: string | null } = {},
) => ({
  seq,
  at: `2026-11-24T18:0${seq}:00.000Z`,
  type: label,
  kind: seq === 1 ? ('pageLoad' as const) : ('action' as const),
  label,
  plumbing,
  input,
  changes,
  moreChanges: 0,
  error,
});
const DETAIL: SupportSessionDetail = {
  session: ROW,
  steps: [
    step(1, 'Page load /cart'),
    step(2, 'cart/couponInputChanged', [{ path: 'cart.couponInput', before: '""', after: '"SUMMER90"' }]),
    step(3, 'GET /ecommerce/cart → 400', [], 'Coupon SUMMER90 has expired'),
    step(4, 'cart/cartLoaded', [{ path: 'cart.total', before: '250', after: '262.5' }]),
  ],
  events: [{ position: 40, at: '2026-11-24T18:03:30.000Z', streamId: 'cart-user-12', type: 'CartItemAdded', summary: 'Added product 2', data: { productId: 2, cart: '2' } }],
  downloads: [],
  buyer: null,
  divergedAt: null,
  missing: [],
  audits: [{ action: 'viewed', by: 1, at: '2026-11-25T09:00:00.000Z' }],
  viewport: { width: 390, height: 844 },
  stopped: null,
};
const sides = (seq: number, mismatches: string[] = [], inFlight: string[] = []): SupportStepView => ({
  seq,
  at: DETAIL.steps[seq - 1]!.at,
  browser: { cart: { productIds: [2], total: 262.5 }, order: null },
  server: { cart: { productIds: mismatches.length > 0 ? [] : [2], total: null }, orders: [] },
  mismatches,
  inFlight,
});
const ADDING = "A cart request is in flight (product 2): the browser has not heard the server's answer yet";

const ANSWERS: Answers = {
  '/support/sessions': { sessions: [ROW], buyers: [], more: false, page: 1 },
  [`/support/sessions/${ROW.id}`]: DETAIL,
  ...Object.fromEntries([1, 2, 3, 4].map((seq) => [`/support/sessions/${ROW.id}/steps/${seq}`, sides(seq, seq === 3 ? ["The browser's cart shows product 2; the server's cart held nothing"] : [], seq === 4 ? [ADDING] : [])])),
};

async function openAs(role: Role, pathname: string, search = '', answers: Answers = {}, importer: { hold: jest.Mock; send: jest.Mock; release: jest.Mock } | null = null) {
  const { api, calls } = answeringApi({ ...ANSWERS, ...answers });
  const replaced: string[] = [];
  const store = makeStore(
    { config: { dashboardUrl: '', adminUrl: '', features: DEFAULT_FEATURES } },
    {
      sagaContext: {
        api,
        history: { push: () => undefined, replace: (url) => void replaced.push(url) },
        now: () => new Date(0),
        ...(importer ? { sessionImports: importer } : {}),
      },
    },
  );
  store.runSaga(watchNavigation);
  store.runSaga(supportSagas);
  store.dispatch(userRefreshed(aUser({ roles: [role], currentRole: role })));
  render(
    <Provider store={store}>
      <SessionImporterContext.Provider value={importer}>
        <App />
      </SessionImporterContext.Provider>
    </Provider>,
  );
  await act(async () => {
    store.dispatch(navigationRequested({ pathname, search, mode: 'push' }));
  });
  return { store, calls, replaced };
}

describe('Support sessions (search)', () => {
  test('the search comes from the address and each row says what the tab did', async () => {
    const { calls } = await openAs('moderator', '/admin/support/sessions', '?email=buyer%40example.com&hadError=true');
    expect(calls.at(-1)).toMatchObject({ path: '/support/sessions', query: { email: 'buyer@example.com', hadError: 'true' } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Support sessions');
    const row = screen.getByRole('link', { name: `Session ${ROW.id}` }).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['tab-7f3a9c', 'Nov 24, 2026, 6:00 PM UTC', '4 min', '2', '390 px', '1', '1', 'Account 12']);
    expect((screen.getByRole('searchbox', { name: 'Email' }) as HTMLInputElement).value).toBe('buyer@example.com');
    // Importing is an admin's; a moderator is not offered it.
    expect(screen.queryByRole('heading', { name: 'Import a session' })).toBeNull();
  });

  test('to an admin, each row names the account that recorded it by name and email', async () => {
    await openAs('admin', '/admin/support/sessions', '', { '/support/sessions': { sessions: [ROW], buyers: [{ id: 12, name: 'Ada Lovelace', email: 'ada@example.com' }], more: false, page: 1 } });
    const row = screen.getByRole('link', { name: `Session ${ROW.id}` }).closest('tr')!;
    expect(row.querySelector('td:last-child')!.textContent).toBe('Ada Lovelace (ada@example.com)');
  });

  test('a refused search says why above the form', async () => {
    await openAs('admin', '/admin/support/sessions', '?from=2026-13-01', { '/support/sessions': new ApiError('Invalid from: use a date (2026-11-24) or a date and time (2026-11-24T18:30), UTC', 400) });
    expect(within(screen.getByRole('main')).getByRole('alert').textContent).toBe('Invalid from: use a date (2026-11-24) or a date and time (2026-11-24T18:30), UTC');
  });

  test('an admin imports a file: it goes to the importer, never into the store, and the new session is linked', async () => {
    const user = userEvent.setup();
    const importer = { hold: jest.fn(), send: jest.fn(async () => ({ sessionId: 'imported-1', entries: 54, events: 4 })), release: jest.fn() };
    const { store } = await openAs('admin', '/admin/support/sessions', '', {}, importer);
    const file = new File(['{"kind":"session"}\n'], 'session.jsonl', { type: 'application/jsonl' });
    await user.upload(screen.getByLabelText('Session file (.jsonl, exported from a session page)'), file);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(importer.hold).toHaveBeenCalledWith(expect.any(String), file);
    expect(importer.send).toHaveBeenCalledWith(importer.hold.mock.calls[0]![0]);
    // Store read: the file must not reach the store (and so the action log), which nothing on screen shows.
    expect(JSON.stringify(store.getState())).not.toContain('"kind":"session"');
    expect(within(screen.getByRole('main')).getByRole('status').textContent).toBe('Imported session imported-1: 54 actions and 4 server events. Open it');
    expect(screen.getByRole('link', { name: 'Open it' }).getAttribute('href')).toBe('/admin/support/sessions/imported-1');
  });
});

describe('Support session (watching it)', () => {
  const timeline = () => within(screen.getByRole('region', { name: 'Timeline' }));
  const current = () => timeline().getAllByRole('listitem').find((item) => item.getAttribute('aria-current') === 'step')!;

  test('one timeline of steps and server events; the chosen step shows its diff, the page at the buyer’s width and both sides', async () => {
    await openAs('admin', `/admin/support/sessions/${ROW.id}`, '?at=2');
    const items = timeline().getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      '18:01:00#1Page load /cart',
      '18:02:00#2cart/couponInputChangedcart.couponInput"" → "SUMMER90"',
      '18:03:00#3GET /ecommerce/cart → 400Coupon SUMMER90 has expired',
      '18:03:30ServerAdded product 2',
      '18:04:00#4cart/cartLoaded1 change',
    ]);
    expect(within(current()).getByRole('term').textContent).toBe('cart.couponInput');
    const frame = screen.getByTitle('The page as the buyer saw it at step 2, 390 px wide');
    expect(frame.getAttribute('src')).toBe(`/api/v1/support/sessions/${ROW.id}/frame?at=2`);
    expect(frame.getAttribute('width')).toBe('390');
    expect(screen.getByText('The browser and the server agree.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export as JSON Lines' }).getAttribute('href')).toBe(`/api/v1/support/sessions/${ROW.id}/export`);
    expect(screen.getByText('Viewed by user 1 at Nov 25, 2026, 9:00 AM UTC')).toBeTruthy();
  });

  test('arrow keys step, E jumps to the next error, and the address keeps the step; a mismatch is said', async () => {
    const user = userEvent.setup();
    const { replaced, calls } = await openAs('moderator', `/admin/support/sessions/${ROW.id}`, '?at=1');
    await user.keyboard('{ArrowRight}');
    expect(replaced.at(-1)).toBe(`/admin/support/sessions/${ROW.id}?at=2`);
    expect(current().textContent).toContain('#2');
    await user.keyboard('e');
    expect(replaced.at(-1)).toBe(`/admin/support/sessions/${ROW.id}?at=3`);
    expect(within(screen.getByRole('list', { name: 'Mismatches' })).getByRole('listitem').textContent).toBe("The browser's cart shows product 2; the server's cart held nothing");
    await user.keyboard('{ArrowLeft}');
    expect(current().textContent).toContain('#2');
    await user.click(screen.getByRole('button', { name: /#4/ }));
    expect(replaced.at(-1)).toBe(`/admin/support/sessions/${ROW.id}?at=4`);
    // A request the browser is still waiting on is said beside the sides, not as a mismatch.
    expect(screen.queryByRole('list', { name: 'Mismatches' })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Not heard yet' })).getByRole('listitem').textContent).toBe(ADDING);
    expect(screen.getByText('The browser and the server agree on what the browser has heard.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next step' }) as HTMLButtonElement).disabled).toBe(true);
    // The session is read once (its opening is what the server audits); stepping reads only the step.
    expect(calls.filter((call) => call.path === `/support/sessions/${ROW.id}`)).toHaveLength(1);
  });

  test('a replay that spent its budget shows the steps it reached and says where it stopped and why', async () => {
    const stopped: SupportSessionDetail = { ...DETAIL, steps: DETAIL.steps.slice(0, 2), stopped: { after: 2, reason: 'it ran past its budget of 10 s' } };
    await openAs('moderator', `/admin/support/sessions/${ROW.id}`, '?at=2', { [`/support/sessions/${ROW.id}`]: stopped });
    expect(screen.getByText('The replay stopped after step 2 of 5: it ran past its budget of 10 s. The steps after it are not shown.')).toBeTruthy();
    expect(screen.getByText('Replay matches the recording at every checkpoint it reached.')).toBeTruthy();
    expect(timeline().getByText('#2')).toBeTruthy();
    expect(timeline().queryByText('#3')).toBeNull();
  });

  test('plumbing hides until "Show all", a burst of typing is one row, and the buyer and their download are named', async () => {
    const user = userEvent.setup();
    const typed = (seq: number, code: string) => ({ ...step(seq, `Typed coupon ${code}`, [], null, { input: 'coupon' }), at: `2026-11-24T18:02:0${seq}.000Z` });
    const detail: SupportSessionDetail = {
      ...DETAIL,
      session: { ...ROW, entryCount: 6 },
      steps: [step(1, 'Loaded Cart (/cart)'), typed(2, 'B'), typed(3, 'BO'), typed(4, 'BOGUS'), step(5, 'Progress bar started', [], null, { plumbing: true }), step(6, 'Paid $12.00 by card')],
      events: [],
      downloads: [{ id: 3, at: '2026-11-24T18:07:00.000Z', label: 'Downloaded Midnight Garden (WAV)', orderId: 'b1c2' }],
      buyer: { id: 12, name: 'Ada Lovelace', email: 'ada@example.com' },
    };
    const { replaced } = await openAs('admin', `/admin/support/sessions/${ROW.id}`, '?at=1', { [`/support/sessions/${ROW.id}`]: detail });
    const rows = () => timeline().getAllByRole('listitem').map((item) => item.textContent);
    expect(rows()).toEqual(['18:01:00#1Loaded Cart (/cart)', '18:02:04#2–4Typed coupon BOGUSin 3 steps', '18:06:00#6Paid $12.00 by card', '18:07:00ServerDownloaded Midnight Garden (WAV)']);
    expect(screen.getByText('1 step of plumbing hidden')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe('/admin/buyers/12');
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    // A folded row is one stop for the arrow keys: it shows its last step, the code as typed.
    await user.keyboard('{ArrowRight}');
    expect(replaced.at(-1)).toBe(`/admin/support/sessions/${ROW.id}?at=4`);
    await user.click(screen.getByRole('checkbox', { name: 'Show all steps' }));
    expect(replaced.at(-1)).toBe(`/admin/support/sessions/${ROW.id}?at=4&all=1`);
    expect(rows()).toContain('18:05:00#5Progress bar started');
    expect((screen.getByRole('checkbox', { name: 'Show all steps' }) as HTMLInputElement).checked).toBe(true);
    // Plumbing hidden again while a plumbing step is chosen: the arrows go on from where it sits.
    await user.keyboard('{ArrowRight}');
    expect(replaced.at(-1)).toBe(`/admin/support/sessions/${ROW.id}?at=5&all=1`);
    await user.click(screen.getByRole('checkbox', { name: 'Show all steps' }));
    expect(rows()).not.toContain('18:05:00#5Progress bar started');
    await user.keyboard('{ArrowRight}');
    expect(replaced.at(-1)).toBe(`/admin/support/sessions/${ROW.id}?at=6`);
  });

  test('a role that may not open the buyers page sees the account’s number, not its name', async () => {
    await openAs('moderator', `/admin/support/sessions/${ROW.id}`, '?at=1');
    expect(screen.getByText('Account 12 (its name is not shown to your role)')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Lovelace/ })).toBeNull();
  });

  test('a session role-less visitors cannot see: the console is not there for a buyer', async () => {
    await openAs('client', `/admin/support/sessions/${ROW.id}`);
    expect(screen.queryByRole('region', { name: 'Timeline' })).toBeNull();
    expect(screen.getByText('This page could not be found')).toBeTruthy();
  });
});
