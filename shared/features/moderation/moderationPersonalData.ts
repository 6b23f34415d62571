import { array } from 'superstruct';
import { slicePersonalData } from '../../actionLog/personalData';
import { ReportedTrackSchema } from '../../schemas/moderation';
import { PendingProducerShownSchema } from '../../schemas/verification';
import moderationSlice from './moderationSlice';

/** The moderators' queues: a verifying producer's legal name and birth date, a reporter's words. */
export const moderationPersonalData = slicePersonalData(moderationSlice, {
  state: { pendingProducers: array(PendingProducerShownSchema), reportedTracks: array(ReportedTrackSchema) },
  actions: { pendingProducersLoaded: array(PendingProducerShownSchema), reportedTracksLoaded: array(ReportedTrackSchema) },
});
