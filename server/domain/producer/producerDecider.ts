import { isValidProducerId } from '../../../shared/domain/producerId';
import { type Decider, DomainError } from '../decider';
import type { ProducerEvent, ProducerProfile } from './producerEvents';
import { producerEventCodec } from './producerEventCodecs';

export type ProducerState = { status: 'none' } | { status: 'created'; profile: ProducerProfile };
export type ProducerCommand =
  | { type: 'CreateProducerProfile'; profile: ProducerProfile }
  | { type: 'ChangeProducerProfile'; producerId: number; artistName: string; avatarSrc: string | null };

export const producerDecider: Decider<ProducerState, ProducerCommand, ProducerEvent> = {
  initialState: () => ({ status: 'none' }),
  codec: producerEventCodec,
  decide(command, state) {
    switch (command.type) {
      case 'CreateProducerProfile':
        if (state.status !== 'none') throw new DomainError(`Producer ${command.profile.producerId} already has a profile`);
        if (!isValidProducerId(command.profile.shortName)) {
          throw new DomainError(`"${command.profile.shortName}" cannot be a producer's short name`, 400);
        }
        return [{ type: 'ProducerProfileCreated', data: command.profile }];
      case 'ChangeProducerProfile': {
        if (state.status !== 'created') throw new DomainError(`Producer ${command.producerId} has no profile`, 404);
        const { artistName, avatarSrc } = command;
        if (state.profile.artistName === artistName && state.profile.avatarSrc === avatarSrc) return [];
        return [{ type: 'ProducerProfileChanged', data: { producerId: command.producerId, artistName, avatarSrc } }];
      }
      default: {
        const unknownCommand: never = command;
        return unknownCommand;
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ProducerProfileCreated':
        return { status: 'created', profile: event.data };
      case 'ProducerProfileChanged':
        return state.status === 'created' ? { status: 'created', profile: { ...state.profile, artistName: event.data.artistName, avatarSrc: event.data.avatarSrc } } : state;
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  },
};
