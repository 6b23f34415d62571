import { isValidProducerId } from '../../../shared/domain/producerId';
import { type Decider, DomainError } from '../decider';
import type { ProducerEvent, ProducerProfile } from './producerEvents';
import { producerEventCodec } from './producerEventCodecs';

export type ProducerState = { status: 'none' } | { status: 'created'; profile: ProducerProfile };
export type ProducerCommand = { type: 'CreateProducerProfile'; profile: ProducerProfile };

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
      default: {
        const unknownCommand: never = command.type;
        return unknownCommand;
      }
    }
  },
  evolve(_state, event) {
    return { status: 'created', profile: event.data };
  },
};
