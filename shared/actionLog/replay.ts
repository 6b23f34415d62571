import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '../store/rootReducer';
import { type ActionLogEntry, SESSION_STARTED } from './entry';

/**
 * Rebuilds the state a browser session had from its action log: the last page load's
 * starting state, then every recorded action after it, in sequence order.
 */
export function replay(entries: readonly ActionLogEntry[], reducer: Reducer<RootState> = rootReducer): RootState {
  const ordered = [...entries].sort((a, b) => a.seq - b.seq);
  const startIndex = ordered.findLastIndex((entry) => entry.type === SESSION_STARTED);
  if (startIndex < 0) throw new Error(`The log has no ${SESSION_STARTED} entry to start from`);
  const start = ordered[startIndex]!.payload as { state: RootState };
  return ordered
    .slice(startIndex + 1)
    .reduce<RootState>(
      (state, entry) => reducer(state, { type: entry.type, payload: entry.payload } as UnknownAction),
      start.state,
    );
}
