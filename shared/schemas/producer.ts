import { boolean, type Infer, nullable, number, object, string } from 'superstruct';

/** SPEC §3 "Producer", as GET /users/producer/{id} and the follow calls answer. */
export const ProducerSchema = object({
  id: number(),
  artistName: string(),
  producerName: string(),
  /** The short name: the producer page lives at /{producerUrl}. */
  producerUrl: string(),
  avatar: nullable(object({ directSrc: string() })),
  avatarSrc: nullable(string()),
  counters: object({
    numberoffollowers: object({ sum: number() }),
    numberoftracks: object({ sum: number() }),
  }),
  /** Whether the logged-in user follows this producer; false for a guest. */
  alreadyFollowed: boolean(),
});
export type Producer = Infer<typeof ProducerSchema>;
