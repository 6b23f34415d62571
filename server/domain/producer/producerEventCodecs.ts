import { integer, nullable, object, string } from 'superstruct';
import { eventCodec, type EventSchemas } from '../../eventStore/eventCodec';
import type { FollowEvent, ProducerEvent } from './producerEvents';

const producerSchemas: EventSchemas<ProducerEvent> = {
  ProducerProfileCreated: object({ producerId: integer(), artistName: string(), shortName: string(), avatarSrc: nullable(string()) }),
  ProducerProfileChanged: object({ producerId: integer(), artistName: string(), avatarSrc: nullable(string()) }),
};

const follow = object({ userId: integer(), producerId: integer() });
const followSchemas: EventSchemas<FollowEvent> = { ProducerFollowed: follow, ProducerUnfollowed: follow };

export const producerEventCodec = eventCodec<ProducerEvent>(producerSchemas);
export const followEventCodec = eventCodec<FollowEvent>(followSchemas);
/** The producers projection reads both families. */
export const producerAndFollowEventCodec = eventCodec<ProducerEvent | FollowEvent>({ ...producerSchemas, ...followSchemas });
