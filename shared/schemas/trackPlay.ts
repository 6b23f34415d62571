import { boolean, type Infer, number, object } from 'superstruct';

/** POST /tracks/{id}/play: whether this play was counted (one per listener per track per minute) and the track's plays. */
export const TrackPlayAnswerSchema = object({ id: number(), counted: boolean(), plays: number() });
export type TrackPlayAnswer = Infer<typeof TrackPlayAnswerSchema>;
