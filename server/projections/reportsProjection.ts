import { reportEventCodec } from '../domain/report/reportEventCodec';
import { defineProjection } from './projection';

/** Closes a report in `track_reports` once a moderator decided it. */
export const reportsProjection = defineProjection({
  name: 'reports',
  codec: reportEventCodec,
  async apply(tx, events) {
    for (const event of events) {
      const status = event.type === 'TrackReportUpheld' ? 'upheld' : 'dismissed';
      await tx.updateTable('track_reports').set({ status }).where('id', '=', event.data.reportId).execute();
    }
  },
});
