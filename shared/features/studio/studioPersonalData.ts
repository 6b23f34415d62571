import { type } from 'superstruct';
import { slicePersonalData } from '../../actionLog/personalData';
import { VerificationAnswerSchema } from '../../schemas/verification';
import studioSlice from './studioSlice';

/** A moderator's reason for rejecting a producer's verification. */
export const studioPersonalData = slicePersonalData(studioSlice, {
  state: { verification: type({ reason: VerificationAnswerSchema.schema.reason }) },
  actions: { verificationLoaded: VerificationAnswerSchema, verificationSubmitted: VerificationAnswerSchema },
});
