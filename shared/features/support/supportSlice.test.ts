import type { SupportSearchAnswer, SupportSessionDetail, SupportSessionRow, SupportStepView } from '../../schemas/support';
import { loggedOut } from '../auth/authSlice';
import supportSlice, {
  selectSupportImport,
  selectSupportRefusedSearch,
  selectSupportSearch,
  selectSupportStep,
  selectSupportStepError,
  supportImportDone,
  supportImportRequested,
  supportSearchLoaded,
  supportSearchRefused,
  supportSessionLoaded,
  supportStepFailed,
  supportStepLoaded,
  supportStepShown,
  type SupportState,
} from './supportSlice';
import { reducerOf } from '../../../test/helpers/reduceSlice';

const reduce = reducerOf(supportSlice.reducer);
const root = (support: SupportState) => ({ support });

const row: SupportSessionRow = {
  id: 's-1',
  startedAt: '2026-11-01T10:00:00.000Z',
  lastSeenAt: '2026-11-01T10:05:00.000Z',
  entryCount: 12,
  pageCount: 3,
  viewportWidth: 1280,
  failedRequests: 0,
  errorCount: 0,
  userId: 3,
  imported: false,
};
const search: SupportSearchAnswer = { sessions: [row], buyers: [], more: false, page: 1 };
const session = (id: string): SupportSessionDetail => ({
  session: { ...row, id },
  steps: [],
  events: [],
  downloads: [],
  buyer: null,
  divergedAt: null,
  missing: [],
  audits: [],
  viewport: { width: 1280, height: 800 },
  stopped: null,
});
const view = (seq: number): SupportStepView => ({
  seq,
  at: '2026-11-01T10:01:00.000Z',
  browser: { cart: { productIds: [11], total: 209.95 }, order: null },
  server: { cart: { productIds: [11], total: null }, orders: [] },
  mismatches: [],
  inFlight: [],
});

describe('support slice', () => {
  test('a step’s answer is kept only while that step is still the one shown', () => {
    const moved = reduce(undefined, supportStepShown(3), supportStepShown(4), supportStepLoaded(view(3)));
    expect(selectSupportStep(root(moved))).toBeNull();
    expect(selectSupportStep(root(reduce(moved, supportStepLoaded(view(4)))))?.seq).toBe(4);
  });

  test('a failure of an earlier step is ignored; of the shown step it replaces the view, until another step is shown', () => {
    const shown = reduce(undefined, supportStepShown(4), supportStepLoaded(view(4)), supportStepFailed({ seq: 3, message: 'Too early' }));
    expect(selectSupportStep(root(shown))?.seq).toBe(4);
    expect(selectSupportStepError(root(shown))).toBeNull();
    const failed = reduce(shown, supportStepFailed({ seq: 4, message: 'A step before the first page load' }));
    expect(selectSupportStep(root(failed))).toBeNull();
    expect(selectSupportStepError(root(failed))).toBe('A step before the first page load');
    expect(selectSupportStepError(root(reduce(failed, supportStepShown(5))))).toBeNull();
  });

  test('another session forgets the step view and its error', () => {
    const state = reduce(undefined, supportSessionLoaded(session('s-1')), supportStepShown(4), supportStepLoaded(view(4)), supportSessionLoaded(session('s-2')));
    expect(selectSupportStep(root(state))).toBeNull();
    expect(reduce(undefined, supportStepShown(4), supportStepFailed({ seq: 4, message: 'x' }), supportSessionLoaded(session('s-2'))).stepError).toBeNull();
  });

  test('a refused search empties the results; the next answer clears the refusal', () => {
    const refused = reduce(undefined, supportSearchLoaded(search), supportSearchRefused('That is not an email'));
    expect(selectSupportSearch(root(refused))).toBeNull();
    expect(selectSupportRefusedSearch(root(refused))).toBe('That is not an email');
    const found = reduce(refused, supportSearchLoaded(search));
    expect(selectSupportSearch(root(found))).toEqual(search);
    expect(selectSupportRefusedSearch(root(found))).toBeNull();
  });

  test('an import runs until done, and its view stays the same object while the import does not change', () => {
    const importing = reduce(undefined, supportImportDone({ ok: false, message: 'Not a session file', sessionId: null }), supportImportRequested({ importId: 'i-1' }));
    expect(selectSupportImport(root(importing))).toEqual({ importing: true, status: null });
    const done = reduce(importing, supportImportDone({ ok: true, message: 'Imported session s-9', sessionId: 's-9' }));
    const shownImport = selectSupportImport(root(done));
    expect(shownImport).toEqual({ importing: false, status: { ok: true, message: 'Imported session s-9', sessionId: 's-9' } });
    expect(selectSupportImport(root(reduce(done, supportStepShown(2))))).toBe(shownImport);
  });

  test('logout forgets the search, the session and the import', () => {
    const state = reduce(undefined, supportSearchLoaded(search), supportSessionLoaded(session('s-1')), supportStepShown(2), supportImportRequested({ importId: 'i-1' }), loggedOut());
    expect(state).toEqual(supportSlice.reducer(undefined, { type: 'init' }));
  });
});
