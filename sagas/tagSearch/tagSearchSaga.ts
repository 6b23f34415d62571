import type { Task } from 'redux-saga';
import { call, cancel, delay, fork, put, take, takeLatest, takeLeading } from 'redux-saga/effects';
import { assert } from 'superstruct';
import { TAGS } from '../../shared/domain/constants';
import { navigationArrived, navigationRequested } from '../../shared/features/navigation/navigationSlice';
import {
  autocompleteFailed,
  autocompleteLoaded,
  autocompleteLoaderShown,
  autocompleteQuery,
  excludeTags,
  popularTagsLoaded,
  popularTagsRequested,
  selectedTagsChanged,
  selectPopularTags,
  selectSelectedTags,
  selectTagSearchValue,
  tagSearchTyped,
} from '../../shared/features/tagSearch/tagSearchSlice';
import { TagListSchema } from '../../shared/schemas/track';
import { cancellableRequest } from '../cancellableRequest';
import { fromContext } from '../fromContext';
import { select } from 'typed-redux-saga';
import { apiCall } from '../apiCall';

function* showLoaderLater() {
  yield delay(TAGS.autocompleteLoaderMs);
  yield put(autocompleteLoaderShown());
}

/**
 * SPEC §4/§5/§7: GET /tags/search for the current text, lowercased (the API client encodes it).
 * Run under takeLatest, so a newer search cancels this one: its request is aborted and a stale
 * answer is never stored.
 */
function* searchTags() {
  const query = autocompleteQuery(yield* select(selectTagSearchValue));
  if (query === '') return;
  const api = yield* fromContext('api');
  const loader: Task = yield fork(showLoaderLater);
  try {
    const answer: unknown = yield call(cancellableRequest, api, { method: 'GET', path: '/tags/search', query: { tags: query } });
    assert(answer, TagListSchema);
    const selected = yield* select(selectSelectedTags);
    yield cancel(loader);
    yield put(autocompleteLoaded({ query, tags: excludeTags(answer, selected) }));
  } catch {
    // SPEC §8: tag autocomplete failures are ignored silently.
    yield cancel(loader);
    yield put(autocompleteFailed());
  }
}

/** GET /tags/top once; a failure leaves them unloaded, to be asked again on the next focus. */
function* loadPopularTags() {
  const loaded = yield* select(selectPopularTags);
  if (loaded) return;
  const api = yield* fromContext('api');
  try {
    const answer = yield* apiCall(api, { method: 'GET', path: '/tags/top' });
    assert(answer, TagListSchema);
    yield put(popularTagsLoaded(answer));
  } catch {
    // Popular tags are a convenience; the input works without them.
  }
}

const tagSetKey = (tags: readonly string[]) =>
  tags
    .map((tag) => tag.toLowerCase())
    .sort()
    .join(',');

/** SPEC §4: the tag list refreshes when the tag set changes (a removed tag may be suggested again). */
function* watchTagSet() {
  let previous = tagSetKey(yield* select(selectSelectedTags));
  for (;;) {
    yield take([navigationRequested.type, navigationArrived.type]);
    const tags = yield* select(selectSelectedTags);
    const key = tagSetKey(tags);
    if (key === previous) continue;
    previous = key;
    yield put(selectedTagsChanged(tags));
  }
}

export function* tagSearchSaga() {
  yield takeLatest([tagSearchTyped.type, selectedTagsChanged.type], searchTags);
  yield takeLeading(popularTagsRequested.type, loadPopularTags);
  yield fork(watchTagSet);
}
