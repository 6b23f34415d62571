import { type Decider, DomainError } from '../decider';
import type { ReportDecision, ReportEvent } from './reportEvents';
import { reportEventCodec } from './reportEventCodec';

/** A report is decided once: upheld or dismissed, never both, never twice. */
export type ReportState = { status: 'open' } | { status: 'upheld' | 'dismissed'; decision: ReportDecision };
export type ReportCommand = { type: 'UpholdReport' | 'DismissReport'; decision: ReportDecision };

export const REPORT_NOTE_MAX_LENGTH = 1000;

export const reportDecider: Decider<ReportState, ReportCommand, ReportEvent> = {
  initialState: () => ({ status: 'open' }),
  codec: reportEventCodec,
  decide(command, state) {
    if (state.status !== 'open') throw new DomainError(`This report was ${state.status} already`);
    const note = command.decision.note.trim();
    if (command.type === 'UpholdReport' && note === '') throw new DomainError('Tell the producer why the beat is taken down', 400);
    if (note.length > REPORT_NOTE_MAX_LENGTH) throw new DomainError(`The note is limited to ${REPORT_NOTE_MAX_LENGTH} characters`, 400);
    const decision = { ...command.decision, note };
    return [command.type === 'UpholdReport' ? { type: 'TrackReportUpheld', data: decision } : { type: 'TrackReportDismissed', data: decision }];
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'TrackReportUpheld':
        return { status: 'upheld', decision: event.data };
      case 'TrackReportDismissed':
        return { status: 'dismissed', decision: event.data };
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  },
};
