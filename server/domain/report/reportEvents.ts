import type { NewEvent } from '../../eventStore/eventStore';

/** A moderator's decision on a `Report a violation` (SPEC §2 admin menu: Reported tracks). */
export interface ReportDecision {
  reportId: number;
  productId: number;
  /** The moderator's or admin's user id. */
  by: number;
  /** What the producer (upheld) or the record (dismissed) is told. */
  note: string;
}

/** The report holds: the beat is delisted and its producer told why. */
export type TrackReportUpheld = NewEvent<'TrackReportUpheld', ReportDecision>;
export type TrackReportDismissed = NewEvent<'TrackReportDismissed', ReportDecision>;
export type ReportEvent = TrackReportUpheld | TrackReportDismissed;

export const reportStreamId = (reportId: number) => `report-${reportId}`;
