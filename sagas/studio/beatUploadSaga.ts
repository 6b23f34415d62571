import { buffers, type EventChannel, eventChannel } from 'redux-saga';
import { call, put, race, take, takeLeading } from 'redux-saga/effects';
import { is } from 'superstruct';
import type { BeatUploadPort } from '../../shared/api/beatUploadPort';
import {
  beatUploadCancelled,
  beatUploaded,
  beatUploadFailed,
  beatUploadProgressed,
  beatUploadRequested,
} from '../../shared/features/studio/studioSlice';
import type { BeatDetails } from '../../shared/schemas/studio';
import { BeatUploadAnswerSchema } from '../../shared/schemas/studioAnswers';
import { refusalOf } from './refusal';
import { rereadStudioBeats } from './studioPageSagas';
import { fromContext } from '../fromContext';

type UploadEvent = { percent: number } | { answer: unknown } | { error: unknown };

export const UPLOAD_NEEDS_BROWSER = 'Uploading needs the browser: reload the page and try again.';
const UNEXPECTED_ANSWER = 'The upload arrived, but the answer was not understood. Reload My beats to see it.';

/** The transfer as a channel: progress in percent, then its answer or failure; closing it aborts the transfer. */
function transferChannel(uploads: BeatUploadPort, uploadId: string, details: BeatDetails): EventChannel<UploadEvent> {
  return eventChannel<UploadEvent>((emit) => {
    const transfer = uploads.send(uploadId, details, (percent) => emit({ percent }));
    transfer.done.then(
      (answer) => emit({ answer }),
      (error: unknown) => emit({ error }),
    );
    return () => transfer.abort();
    // Expanding: the answer must not be dropped while the saga is busy recording progress.
  }, buffers.expanding<UploadEvent>(8));
}

function* upload(action: ReturnType<typeof beatUploadRequested>) {
  const { uploadId, details } = action.payload;
  const uploads = yield* fromContext('beatUploads');
  if (!uploads) {
    yield put(beatUploadFailed({ uploadId, message: UPLOAD_NEEDS_BROWSER, errors: {} }));
    return;
  }
  const channel: EventChannel<UploadEvent> = yield call(transferChannel, uploads, uploadId, details);
  let shown = 0;
  try {
    for (;;) {
      const { event }: { event?: UploadEvent } = yield race({
        event: take(channel),
        cancel: take((other: { type: string; payload?: { uploadId?: string } }) => beatUploadCancelled.match(other) && other.payload.uploadId === uploadId),
      });
      if (!event) return;
      if ('percent' in event) {
        // Whole percents only, each once: at most a hundred entries in the action log.
        if (event.percent > shown) {
          shown = event.percent;
          yield put(beatUploadProgressed({ uploadId, percent: event.percent }));
        }
      } else if ('answer' in event) {
        if (!is(event.answer, BeatUploadAnswerSchema)) {
          yield put(beatUploadFailed({ uploadId, message: UNEXPECTED_ANSWER, errors: {} }));
          return;
        }
        yield put(beatUploaded({ uploadId, productId: event.answer.productId }));
        // The new beat shows as Processing…, and the list is read again until it is not.
        yield call(rereadStudioBeats);
        return;
      } else {
        yield put(beatUploadFailed({ uploadId, ...refusalOf(event.error) }));
        return;
      }
    }
  } finally {
    // Closing aborts a transfer still under way (Cancel, a logout, the flow stopped).
    channel.close();
    uploads.release(uploadId);
  }
}

export function* beatUploadSagas() {
  yield takeLeading(beatUploadRequested.type, upload);
}
