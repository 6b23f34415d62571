import { put, takeEvery } from 'redux-saga/effects';
import { assert, mask } from 'superstruct';
import type { ApiRequest } from '../../shared/api/apiClient';
import {
  decisionFailed,
  decisionMade,
  decisionRequested,
  type ModerationDecision,
  pendingProducersLoaded,
  pendingTracksLoaded,
  reportedTracksLoaded,
} from '../../shared/features/moderation/moderationSlice';
import { errorToastShown } from '../../shared/features/notifications/notificationsSlice';
import { PendingTrackListSchema, ReportedTrackListSchema } from '../../shared/schemas/moderation';
import { PendingProducerListSchema, PendingProducerShownSchema } from '../../shared/schemas/verification';
import { failureMessage } from '../failureMessage';
import { fromContext } from '../fromContext';
import { apiCall } from '../apiCall';

/** Preload of `Pending producers` (`/admin/producers/pending`): only what the page shows is kept. */
export function* loadPendingProducers() {
  const api = yield* fromContext('api');
  const answer = yield* apiCall(api, { method: 'GET', path: '/moderation/producers/pending' });
  assert(answer, PendingProducerListSchema);
  yield put(pendingProducersLoaded(answer.producers.map((producer) => mask(producer, PendingProducerShownSchema))));
}

/** Preload of `Pending tracks` (`/admin/tracks/pending`). */
export function* loadPendingTracks() {
  const api = yield* fromContext('api');
  const answer = yield* apiCall(api, { method: 'GET', path: '/moderation/tracks/pending' });
  assert(answer, PendingTrackListSchema);
  yield put(pendingTracksLoaded(answer.tracks));
}

/** Preload of `Reported tracks` (`/admin/tracks/reported`): the open reports. */
export function* loadReportedTracks() {
  const api = yield* fromContext('api');
  const answer = yield* apiCall(api, { method: 'GET', path: '/moderation/tracks/reported' });
  assert(answer, ReportedTrackListSchema);
  yield put(reportedTracksLoaded(answer.reports));
}

/** The call that carries a decision: a rejection's reason and an upheld report's note are required by the server. */
function decisionCall(decision: ModerationDecision, note: string): ApiRequest {
  switch (decision.queue) {
    case 'producers':
      return decision.verdict === 'approve'
        ? { method: 'POST', path: `/moderation/producers/${decision.id}/approve` }
        : { method: 'POST', path: `/moderation/producers/${decision.id}/reject`, body: { reason: note } };
    case 'tracks':
      return decision.verdict === 'approve'
        ? { method: 'POST', path: `/moderation/tracks/${decision.id}/approve` }
        : { method: 'POST', path: `/moderation/tracks/${decision.id}/reject`, body: { reason: note } };
    case 'reports':
      return { method: 'POST', path: `/moderation/reports/${decision.id}/${decision.verdict}`, body: { note } };
    default: {
      const unknownDecision: never = decision;
      throw new Error(`Unknown moderation queue ${String(unknownDecision)}`);
    }
  }
}

function* decide(action: ReturnType<typeof decisionRequested>) {
  const api = yield* fromContext('api');
  try {
    yield* apiCall(api, decisionCall(action.payload, action.meta.note ?? ''));
  } catch (error) {
    yield put(decisionFailed(action.payload));
    yield put(errorToastShown(failureMessage(error)));
    return;
  }
  yield put(decisionMade(action.payload));
}

/** Every decision is its own call: two rows decided at once do not wait for each other. */
export function* moderationSagas() {
  yield takeEvery(decisionRequested.match, decide);
}
