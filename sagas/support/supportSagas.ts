import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { assert } from 'superstruct';
import { ApiError } from '../../shared/api/apiClient';
import {
  selectSupportSession,
  supportImportDone,
  supportImportRequested,
  supportSearchLoaded,
  supportSearchRefused,
  supportSessionLoaded,
  supportStepChosen,
  supportShowAllChosen,
  supportStepFailed,
  supportStepLoaded,
  supportStepShown,
} from '../../shared/features/support/supportSlice';
import {
  notVisibleMessage,
  SUPPORT_SEARCH_FIELDS,
  SupportImportAnswerSchema,
  SupportSearchAnswerSchema,
  type SupportSessionDetail,
  SupportSessionDetailSchema,
  SupportStepViewSchema,
} from '../../shared/schemas/support';
import { failureMessage } from '../failureMessage';
import { changeQuery } from '../navigation/changeQuery';
import { SHOW_ALL_PARAM } from '../../shared/features/support/timelineRows';
import type { PreloadInput } from '../navigation/routePreloaders';
import { fromContext } from '../fromContext';
import { select } from 'typed-redux-saga';
import { apiCall } from '../apiCall';

/** `/support/sessions`: the search in the address, answered by the server, which checks every field. */
export function* loadSupportSessions({ query }: PreloadInput) {
  const api = yield* fromContext('api');
  const search = Object.fromEntries(SUPPORT_SEARCH_FIELDS.flatMap((field) => (query.get(field) ? [[field, query.get(field)!]] : [])));
  try {
    const answer = yield* apiCall(api, { method: 'GET', path: '/support/sessions', query: search });
    assert(answer, SupportSearchAnswerSchema);
    yield put(supportSearchLoaded(answer));
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 400) yield put(supportSearchRefused(error.message));
    else throw error;
  }
}

/** The step the address names, if the session has it; else the first page load, where replay can start. */
function stepFromAddress(session: SupportSessionDetail, query: URLSearchParams): number | null {
  const asked = Number(query.get('at'));
  if (query.get('at') && session.steps.some((step) => step.seq === asked)) return asked;
  return session.steps.find((step) => step.kind === 'pageLoad')?.seq ?? session.steps[0]?.seq ?? null;
}

/**
 * `/support/sessions/:id?at=<seq>`: the session (read once; opening it is audited on the server),
 * then both sides at the step. Choosing another step changes only `at`, so this runs again with
 * the session already here and reads just the step.
 */
export function* loadSupportSession({ params, query }: PreloadInput) {
  const api = yield* fromContext('api');
  const id = params.id ?? '';
  let session = yield* select(selectSupportSession);
  if (session?.session.id !== id) {
    const answer = yield* apiCall(api, { method: 'GET', path: `/support/sessions/${encodeURIComponent(id)}` });
    assert(answer, SupportSessionDetailSchema);
    session = answer;
    yield put(supportSessionLoaded(answer));
  }
  const at = stepFromAddress(session, query);
  if (at === null) return;
  yield put(supportStepShown(at));
  // The server refuses the step view of a page the staff member's role may not open; the timeline says which.
  const hiddenPage = session.steps.find((step) => step.seq === at)?.notVisible;
  if (hiddenPage !== undefined) {
    yield put(supportStepFailed({ seq: at, message: notVisibleMessage(at, hiddenPage) }));
    return;
  }
  try {
    const step = yield* apiCall(api, { method: 'GET', path: `/support/sessions/${encodeURIComponent(id)}/steps/${at}` });
    assert(step, SupportStepViewSchema);
    yield put(supportStepLoaded(step));
  } catch (error) {
    yield put(supportStepFailed({ seq: at, message: failureMessage(error) }));
  }
}

function* chooseStep(action: ReturnType<typeof supportStepChosen>) {
  // Replacing, not pushing: stepping through a thousand actions must not bury the page under Back presses.
  yield call(changeQuery, { at: String(action.payload) }, { mode: 'replace' });
}

function* chooseShowAll(action: ReturnType<typeof supportShowAllChosen>) {
  yield call(changeQuery, { [SHOW_ALL_PARAM]: action.payload ? '1' : null }, { mode: 'replace' });
}

function* importSession(action: ReturnType<typeof supportImportRequested>) {
  const importer = yield* fromContext('sessionImports');
  if (!importer) return;
  try {
    const answer: unknown = yield call([importer, importer.send], action.payload.importId);
    assert(answer, SupportImportAnswerSchema);
    yield put(supportImportDone({ ok: true, sessionId: answer.sessionId, message: `Imported session ${answer.sessionId}: ${answer.entries} actions and ${answer.events} server events.` }));
  } catch (error) {
    yield put(supportImportDone({ ok: false, sessionId: null, message: failureMessage(error) }));
  } finally {
    importer.release(action.payload.importId);
  }
}

export function* supportSagas() {
  yield takeLeading(supportImportRequested.type, importSession);
  yield takeLatest(supportStepChosen.type, chooseStep);
  yield takeLatest(supportShowAllChosen.type, chooseShowAll);
}
