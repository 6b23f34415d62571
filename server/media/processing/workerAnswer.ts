import { array, enums, instance, literal, number, object, string, union } from 'superstruct';

/** What the media thread's processMaster task (../mediaThread.ts) answers, decoded on arrival like anything crossing a boundary. */
export const WorkerAnswer = union([
  object({
    kind: literal('processed'),
    master: object({
      format: enums(['wav', 'aiff', 'flac', 'mp3']),
      durationSeconds: number(),
      sampleRate: number(),
      channels: number(),
      previewMp3: instance(Uint8Array),
      previewDurationSeconds: number(),
      peaks: array(number()),
    }),
  }),
  object({ kind: literal('rejected'), message: string() }),
  object({ kind: literal('failed'), message: string() }),
]);
