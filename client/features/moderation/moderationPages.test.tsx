/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createActionLogRecorder } from '../../../shared/actionLog/recorder';
import { ApiError, type ApiRequest } from '../../../shared/api/apiClient';
import type { Role } from '../../../shared/domain/auth/roles';
import { userRefreshed } from '../../../shared/features/auth/authSlice';
import { DEFAULT_FEATURES } from '../../../shared/features/config/configSlice';
import { navigationRequested } from '../../../shared/features/navigation/navigationSlice';
import type { PendingTrack, ReportedTrack } from '../../../shared/schemas/moderation';
import type { PendingProducer } from '../../../shared/schemas/verification';
import { makeStore } from '../../../shared/store/makeStore';
import { moderationSagas } from '../../../sagas/moderation/moderationSagas';
import { watchNavigation } from '../../../sagas/navigation/navigationSaga';
import { aUser } from '../../../test/helpers/fixtures';
import { App } from '../../App';
import { answeringApi, type Answers } from '../../../test/helpers/answeringApi';

const MARA: PendingProducer = {
  userId: 12,
  email: 'mara@example.com',
  artistName: 'Mara Vale',
  shortName: 'maravale',
  country: 'DE',
  legalName: 'Mara Vale-Schmidt',
  dateOfBirth: '1994-03-12',
  age: 32,
  address: 'Torstraße 1, 10119 Berlin',
  submittedAt: '2026-11-20T09:30:00.000Z',
};
const JON: PendingProducer = { ...MARA, userId: 13, email: 'jon@example.com', artistName: 'Jon Reed', shortName: 'jonreed', legalName: 'Jonathan Reed', country: 'US' };
const FERRY: PendingTrack = {
  productId: 10_001,
  name: 'Midnight Ferry',
  producerId: 10_001,
  producerName: 'Mara Vale',
  producerShortName: 'maravale',
  genres: ['Trap', 'Hip Hop'],
  moods: ['calm'],
  bpm: 140,
  key: 'C',
  scale: 'minor',
  priceCents: 29_900,
  durationSeconds: 95.5,
  previewSrc: '/media/previews/10001.mp3',
  previewDurationSeconds: 60,
  previewPeaks: [0.4, 0.9],
  coverImageSrc: null,
  submittedAt: '2026-11-21T10:00:00.000Z',
};
const LIGHTS: PendingTrack = { ...FERRY, productId: 10_002, name: 'Harbour Lights', moods: [], key: null, scale: null, previewSrc: '/media/previews/10002.mp3' };
const REPORT: ReportedTrack = {
  reportId: 5,
  productId: 40,
  productName: 'Studio Sunrise',
  producerName: 'Nova Kade',
  listed: true,
  reason: 'copyright',
  details: 'This is my song “Sunrise” from 2019, note for note.',
  reportedAt: '2026-11-22T18:05:00.000Z',
};

const QUEUES: Answers = {
  '/moderation/producers/pending': { producers: [MARA, JON] },
  '/moderation/tracks/pending': { tracks: [FERRY, LIGHTS] },
  '/moderation/tracks/reported': { reports: [REPORT] },
  '/admin/summary': { products: 7, producers: 5, buyers: 3, orders: 1, revenue: 474.44 },
};

async function openAs(role: Role, pathname: string, answers: Answers = {}) {
  const { api, calls } = answeringApi({ ...QUEUES, ...answers });
  const recorder = createActionLogRecorder({ sessionId: 'log-1', token: 'proof', now: () => new Date(0) });
  const store = makeStore(
    { config: { dashboardUrl: '', adminUrl: '', features: DEFAULT_FEATURES } },
    { sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) }, middleware: [recorder.middleware] },
  );
  store.runSaga(watchNavigation);
  store.runSaga(moderationSagas);
  store.dispatch(userRefreshed(aUser({ roles: [role], currentRole: role })));
  render(
    <Provider store={store}>
      <App />
    </Provider>,
  );
  await act(async () => {
    store.dispatch(navigationRequested({ pathname, search: '', mode: 'push' }));
  });
  return { store, calls, recorder };
}

const card = (name: string) => within(screen.getByRole('article', { name }));
const factsOf = (name: string) =>
  Object.fromEntries(card(name).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
/** The page's own status region (the shell's notification toast is another). */
const pageStatus = () => within(screen.getByRole('main')).getByRole('status');
const decisions = (calls: ApiRequest[]) => calls.filter((call) => call.method === 'POST').map(({ path, body }) => ({ path, body }));

describe('Pending producers', () => {
  test('each request shows what a moderator decides on, and nothing more is kept in the page', async () => {
    const { store } = await openAs('moderator', '/admin/producers/pending');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pending producers');
    expect(factsOf('Mara Vale')).toEqual({
      'Page address': '/maravale',
      Country: 'Germany',
      'Legal name': 'Mara Vale-Schmidt',
      'Date of birth': 'Mar 12, 1994 (age 32)',
      Submitted: 'Nov 20, 2026, 9:30 AM UTC',
    });
    // The email and postal address stay on the server: no page state, no action log. Store read:
    // what the page state holds (and so what the action log would carry) does not show on screen.
    const kept = store.getState().moderation.pendingProducers!;
    expect(kept.map((producer) => Object.keys(producer).sort())).toEqual([
      ['age', 'artistName', 'country', 'dateOfBirth', 'legalName', 'shortName', 'submittedAt', 'userId'],
      ['age', 'artistName', 'country', 'dateOfBirth', 'legalName', 'shortName', 'submittedAt', 'userId'],
    ]);
  });

  test('Approve sends the decision; the row leaves with a status message', async () => {
    const user = userEvent.setup();
    const { calls } = await openAs('moderator', '/admin/producers/pending', { '/moderation/producers/12/approve': { status: 'verified' } });
    await user.click(screen.getByRole('button', { name: 'Approve Mara Vale' }));
    expect(decisions(calls)).toEqual([{ path: '/moderation/producers/12/approve', body: undefined }]);
    expect(screen.queryByRole('article', { name: 'Mara Vale' })).toBeNull();
    expect(pageStatus().textContent).toBe('Mara Vale is verified and can sell.');
    expect(screen.getByRole('article', { name: 'Jon Reed' })).toBeTruthy();
  });

  test('Reject asks for a reason, required with the server’s message, and sends it; the reason is not in the action', async () => {
    const user = userEvent.setup();
    const { calls, recorder } = await openAs('moderator', '/admin/producers/pending', { '/moderation/producers/13/reject': { status: 'rejected' } });
    await user.click(screen.getByRole('button', { name: 'Reject Jon Reed' }));
    const form = within(screen.getByRole('form', { name: 'Reject Jon Reed' }));
    expect(document.activeElement).toBe(form.getByLabelText('Reason'));
    await user.click(form.getByRole('button', { name: 'Reject request' }));
    expect(form.getByText('Reason is required')).toBeTruthy();
    expect(decisions(calls)).toEqual([]);
    await user.type(form.getByLabelText('Reason'), 'Your legal name does not match your ID.');
    await user.click(form.getByRole('button', { name: 'Reject request' }));
    expect(decisions(calls)).toEqual([{ path: '/moderation/producers/13/reject', body: { reason: 'Your legal name does not match your ID.' } }]);
    expect(screen.queryByRole('article', { name: 'Jon Reed' })).toBeNull();
    expect(pageStatus().textContent).toBe('Jon Reed’s request is rejected; the producer sees your reason.');
    const logged = recorder.takeBatch(1000);
    expect(logged.filter((entry) => entry.type.startsWith('moderation/decision')).map(({ type, payload }) => ({ type, payload }))).toEqual([
      { type: 'moderation/decisionRequested', payload: { queue: 'producers', id: 13, verdict: 'reject' } },
      { type: 'moderation/decisionMade', payload: { queue: 'producers', id: 13, verdict: 'reject' } },
    ]);
    expect(JSON.stringify(logged)).not.toContain('legal name does not match');
  });

  test('a failed decision shows the error toast and keeps the row', async () => {
    const user = userEvent.setup();
    await openAs('moderator', '/admin/producers/pending', {
      '/moderation/producers/12/approve': new ApiError('The page address maravale is taken: reject with that reason', 409),
    });
    await user.click(screen.getByRole('button', { name: 'Approve Mara Vale' }));
    expect(screen.getByRole('alert').textContent).toContain('The page address maravale is taken: reject with that reason');
    expect(screen.getByRole('article', { name: 'Mara Vale' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Approve Mara Vale' }) as HTMLButtonElement).disabled).toBe(false);
    expect(pageStatus().textContent).toBe('');
  });

  test('an admin reaches the page too, from their home, without it in their menu; a client gets the 404', async () => {
    const user = userEvent.setup();
    await openAs('admin', '/admin');
    const menu = within(screen.getByRole('navigation', { name: 'Account' }));
    expect(menu.queryByRole('link', { name: 'Pending producers' })).toBeNull();
    const queues = within(screen.getByRole('region', { name: 'Moderation' }));
    expect(queues.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Pending producers', '/admin/producers/pending'],
      ['Pending tracks', '/admin/tracks/pending'],
      ['Reported tracks', '/admin/tracks/reported'],
    ]);
    // The support console (issue 12) is reached from the same home.
    const support = within(screen.getByRole('region', { name: 'Support' }));
    expect(support.getByRole('link', { name: 'Support sessions' }).getAttribute('href')).toBe('/admin/support/sessions');
    await user.click(queues.getByRole('link', { name: 'Pending producers' }));
    await act(async () => undefined);
    expect(screen.getByRole('article', { name: 'Mara Vale' })).toBeTruthy();
  });

  test('a client opening it gets the storefront’s 404', async () => {
    await openAs('client', '/admin/producers/pending');
    expect(screen.getByRole('heading', { name: 'Page not found (404)' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
    expect(screen.queryByRole('article')).toBeNull();
  });
});

describe('Pending tracks', () => {
  test('each beat shows cover, name, producer, genres, moods, BPM and key, price, duration and when it came', async () => {
    await openAs('moderator', '/admin/tracks/pending');
    expect(card('Midnight Ferry').getByRole('link', { name: 'Mara Vale' }).getAttribute('href')).toBe('/maravale');
    expect(factsOf('Midnight Ferry')).toEqual({
      Genres: 'Trap, Hip Hop',
      Moods: 'calm',
      'BPM and key': '140 BPM · Cm',
      Price: '$299.00',
      Duration: '1:35',
      Submitted: 'Nov 21, 2026, 10:00 AM UTC',
    });
    expect(factsOf('Harbour Lights')).toMatchObject({ Moods: 'None given', 'BPM and key': '140 BPM' });
  });

  test('the play button plays the tagged preview in the storefront’s player bar, with no cart or heart for it', async () => {
    const user = userEvent.setup();
    const { store, calls } = await openAs('moderator', '/admin/tracks/pending');
    await user.click(card('Midnight Ferry').getByRole('button', { name: 'Play Midnight Ferry' }));
    // Store read: the queue (what Next plays, from which preview file) shows nowhere until a player saga plays it, and none runs here.
    expect(store.getState().player.queue.map((track) => [track.id, track.previewTrackSrc, track.awaitingModeration])).toEqual([
      [10_001, '/media/previews/10001.mp3', true],
      [10_002, '/media/previews/10002.mp3', true],
    ]);
    const bar = within(screen.getByRole('region', { name: 'Player' }));
    expect(bar.getByText('Midnight Ferry')).toBeTruthy();
    expect(bar.queryByRole('link', { name: 'Midnight Ferry' })).toBeNull();
    expect(bar.queryByRole('button', { name: /cart/i })).toBeNull();
    expect(bar.queryByRole('button', { name: /wishlist/i })).toBeNull();
    expect(card('Midnight Ferry').getByRole('button', { name: 'Pause Midnight Ferry' })).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('/audio/peaks'))).toEqual([]);
  });

  test('Approve and Reject with a reason each send their call; the rows leave', async () => {
    const user = userEvent.setup();
    const { calls } = await openAs('moderator', '/admin/tracks/pending', {
      '/moderation/tracks/10001/approve': { status: 'listed' },
      '/moderation/tracks/10002/reject': { status: 'rejected' },
    });
    await user.click(screen.getByRole('button', { name: 'Approve Midnight Ferry' }));
    expect(pageStatus().textContent).toBe('“Midnight Ferry” is approved and listed in the shop.');
    await user.click(screen.getByRole('button', { name: 'Reject Harbour Lights' }));
    await user.type(screen.getByLabelText('Reason'), 'The preview clips at 0:40.');
    await user.click(screen.getByRole('button', { name: 'Reject beat' }));
    expect(decisions(calls)).toEqual([
      { path: '/moderation/tracks/10001/approve', body: undefined },
      { path: '/moderation/tracks/10002/reject', body: { reason: 'The preview clips at 0:40.' } },
    ]);
    expect(screen.getByText('No tracks are waiting for approval.')).toBeTruthy();
  });
});

describe('Reported tracks', () => {
  test('each open report shows the beat with its link, the reason, the reporter’s words and when', async () => {
    await openAs('moderator', '/admin/tracks/reported');
    const report = card('Studio Sunrise');
    expect(report.getByRole('link', { name: 'Studio Sunrise' }).getAttribute('href')).toBe('/product/40');
    expect(report.getByText('by Nova Kade')).toBeTruthy();
    expect(factsOf('Studio Sunrise')).toEqual({ Reason: 'Copyright infringement', Reported: 'Nov 22, 2026, 6:05 PM UTC' });
    expect(report.getByText('This is my song “Sunrise” from 2019, note for note.')).toBeTruthy();
  });

  test('Uphold asks for a note to the producer and sends it; the row leaves and the page says the beat is delisted', async () => {
    const user = userEvent.setup();
    const { calls } = await openAs('moderator', '/admin/tracks/reported', { '/moderation/reports/5/uphold': { status: 'upheld' } });
    await user.click(screen.getByRole('button', { name: 'Uphold the report on Studio Sunrise' }));
    await user.click(screen.getByRole('button', { name: 'Uphold and delist' }));
    expect(screen.getByText('Note is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Note to the producer'), 'The melody is copied from a released song.');
    await user.click(screen.getByRole('button', { name: 'Uphold and delist' }));
    expect(decisions(calls)).toEqual([{ path: '/moderation/reports/5/uphold', body: { note: 'The melody is copied from a released song.' } }]);
    expect(pageStatus().textContent).toBe('The report on “Studio Sunrise” is upheld: the beat is delisted and its producer told.');
    expect(screen.getByText('No reports are open.')).toBeTruthy();
  });

  test('Dismiss closes the report at once', async () => {
    const user = userEvent.setup();
    const { calls } = await openAs('admin', '/admin/tracks/reported', { '/moderation/reports/5/dismiss': { status: 'dismissed' } });
    await user.click(screen.getByRole('button', { name: 'Dismiss the report on Studio Sunrise' }));
    expect(decisions(calls)).toEqual([{ path: '/moderation/reports/5/dismiss', body: { note: '' } }]);
    expect(pageStatus().textContent).toBe('The report on “Studio Sunrise” is dismissed.');
  });
});

test.each([
  ['/admin/producers/pending', '/moderation/producers/pending', { producers: [] }, 'No producers are waiting for verification.'],
  ['/admin/tracks/pending', '/moderation/tracks/pending', { tracks: [] }, 'No tracks are waiting for approval.'],
  ['/admin/tracks/reported', '/moderation/tracks/reported', { reports: [] }, 'No reports are open.'],
])('an empty %s says so in words', async (pathname, apiPath, answer, words) => {
  await openAs('moderator', pathname, { [apiPath]: answer });
  expect(screen.getByText(words)).toBeTruthy();
  expect(screen.queryAllByRole('article')).toEqual([]);
});
