import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PendingTrack, ReportedTrack } from '../../schemas/moderation';
import type { PendingProducerShown } from '../../schemas/verification';
import { loggedOut } from '../auth/authSlice';

/** A moderator's decision on one row of a queue (issue 14 "Moderation"). */
export type ModerationDecision =
  | { queue: 'producers'; id: number; verdict: 'approve' | 'reject' }
  | { queue: 'tracks'; id: number; verdict: 'approve' | 'reject' }
  | { queue: 'reports'; id: number; verdict: 'uphold' | 'dismiss' };
export type ModerationQueue = ModerationDecision['queue'];
type RowRef = Pick<ModerationDecision, 'queue' | 'id'>;

/** The admin site's moderation queues, each set by its page's preload. */
export interface ModerationState {
  pendingProducers: PendingProducerShown[] | null;
  pendingTracks: PendingTrack[] | null;
  reportedTracks: ReportedTrack[] | null;
  /** Rows whose decision is on its way: their buttons wait. */
  deciding: RowRef[];
  /** What the last decision did, read out by the page's status region. */
  status: string | null;
}

const initialState: ModerationState = { pendingProducers: null, pendingTracks: null, reportedTracks: null, deciding: [], status: null };

const sameRow = (a: RowRef) => (b: RowRef) => a.queue === b.queue && a.id === b.id;
const reportedName = (report: ReportedTrack) => (report.productName === null ? `beat ${report.productId}` : `“${report.productName}”`);

/** The status message of a decision, from the row it removes (so the payload carries ids only). */
function decisionMessage(state: ModerationState, decision: ModerationDecision): string | null {
  switch (decision.queue) {
    case 'producers': {
      const producer = state.pendingProducers?.find((row) => row.userId === decision.id);
      if (!producer) return null;
      return decision.verdict === 'approve'
        ? `${producer.artistName} is verified and can sell.`
        : `${producer.artistName}’s request is rejected; the producer sees your reason.`;
    }
    case 'tracks': {
      const track = state.pendingTracks?.find((row) => row.productId === decision.id);
      if (!track) return null;
      return decision.verdict === 'approve'
        ? `“${track.name}” is approved and listed in the shop.`
        : `“${track.name}” is rejected; the producer sees your reason.`;
    }
    case 'reports': {
      const report = state.reportedTracks?.find((row) => row.reportId === decision.id);
      if (!report) return null;
      return decision.verdict === 'uphold'
        ? `The report on ${reportedName(report)} is upheld: the beat is delisted and its producer told.`
        : `The report on ${reportedName(report)} is dismissed.`;
    }
    default: {
      const unknownDecision: never = decision;
      throw new Error(`Unknown moderation queue ${String(unknownDecision)}`);
    }
  }
}

function removeRow(state: ModerationState, { queue, id }: RowRef) {
  if (queue === 'producers') state.pendingProducers = state.pendingProducers?.filter((row) => row.userId !== id) ?? null;
  else if (queue === 'tracks') state.pendingTracks = state.pendingTracks?.filter((row) => row.productId !== id) ?? null;
  else state.reportedTracks = state.reportedTracks?.filter((row) => row.reportId !== id) ?? null;
}

const moderationSlice = createSlice({
  name: 'moderation',
  initialState,
  reducers: {
    pendingProducersLoaded(state, action: PayloadAction<PendingProducerShown[]>) {
      state.pendingProducers = action.payload;
      state.status = null;
    },
    pendingTracksLoaded(state, action: PayloadAction<PendingTrack[]>) {
      state.pendingTracks = action.payload;
      state.status = null;
    },
    reportedTracksLoaded(state, action: PayloadAction<ReportedTrack[]>) {
      state.reportedTracks = action.payload;
      state.status = null;
    },
    /**
     * A moderator decides. The reason or note they type travels in `meta`, which the action log
     * does not record: the saga sends it, and replay needs only what the decision changed.
     */
    decisionRequested: {
      reducer(state, action: PayloadAction<ModerationDecision>) {
        if (!state.deciding.some(sameRow(action.payload))) state.deciding.push({ queue: action.payload.queue, id: action.payload.id });
      },
      prepare: (decision: ModerationDecision, note?: string) => ({ payload: decision, meta: { note } }),
    },
    /** The server took the decision: the row leaves the list, and the page says what happened. */
    decisionMade(state, action: PayloadAction<ModerationDecision>) {
      state.status = decisionMessage(state, action.payload);
      removeRow(state, action.payload);
      state.deciding = state.deciding.filter((row) => !sameRow(action.payload)(row));
    },
    /** The call failed (the error toast says why): the row stays, to decide again. */
    decisionFailed(state, action: PayloadAction<ModerationDecision>) {
      state.deciding = state.deciding.filter((row) => !sameRow(action.payload)(row));
    },
  },
  // Personal details of producers are not left in the page for whoever uses the browser next.
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
  selectors: {
    selectPendingProducers: (state) => state.pendingProducers,
    selectPendingTracks: (state) => state.pendingTracks,
    selectReportedTracks: (state) => state.reportedTracks,
    selectModerationStatus: (state) => state.status,
    selectIsDeciding: (state, queue: ModerationQueue, id: number) => state.deciding.some(sameRow({ queue, id })),
  },
});

export const { pendingProducersLoaded, pendingTracksLoaded, reportedTracksLoaded, decisionRequested, decisionMade, decisionFailed } = moderationSlice.actions;
export const { selectPendingProducers, selectPendingTracks, selectReportedTracks, selectModerationStatus, selectIsDeciding } = moderationSlice.selectors;
export default moderationSlice;
