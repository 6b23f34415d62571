import { isValidProducerId } from '../../../shared/domain/producerId';
import { type Decider, DomainError } from '../decider';
import type { VerificationEvent, VerificationRequest } from './verificationEvents';
import { verificationEventCodec } from './verificationEventCodec';

/**
 * A producer's identity verification (SPEC §2: "Complete identity verification to start selling
 * tracks"): submitted, then verified or rejected by a moderator; a rejected producer may submit
 * again, a verified one is done.
 */
export type VerificationState =
  | { status: 'none' }
  | { status: 'pending'; request: VerificationRequest }
  | { status: 'rejected'; request: VerificationRequest; reason: string }
  | { status: 'verified'; request: VerificationRequest; producerId: number };

export type VerificationCommand =
  | { type: 'SubmitVerification'; request: VerificationRequest }
  | { type: 'ApproveVerification'; userId: number; producerId: number; by: number }
  | { type: 'RejectVerification'; userId: number; reason: string; by: number };

export const REJECTION_REASON_MAX_LENGTH = 500;

export const verificationDecider: Decider<VerificationState, VerificationCommand, VerificationEvent> = {
  initialState: () => ({ status: 'none' }),
  codec: verificationEventCodec,
  decide(command, state) {
    switch (command.type) {
      case 'SubmitVerification':
        if (state.status === 'verified') throw new DomainError('Your identity is verified already');
        if (state.status === 'pending') throw new DomainError('Your verification is waiting for a moderator');
        if (!isValidProducerId(command.request.shortName)) {
          throw new DomainError('The page address needs 3 to 50 characters with a letter, no spaces and no capitals', 400);
        }
        return [{ type: 'IdentityVerificationSubmitted', data: command.request }];
      case 'ApproveVerification':
        if (state.status !== 'pending') throw new DomainError('There is no verification waiting for a decision', state.status === 'none' ? 404 : 409);
        return [{ type: 'IdentityVerified', data: { userId: command.userId, producerId: command.producerId, by: command.by } }];
      case 'RejectVerification': {
        if (state.status !== 'pending') throw new DomainError('There is no verification waiting for a decision', state.status === 'none' ? 404 : 409);
        const reason = command.reason.trim();
        if (reason.length === 0) throw new DomainError('Give the producer a reason', 400);
        if (reason.length > REJECTION_REASON_MAX_LENGTH) throw new DomainError(`The reason is limited to ${REJECTION_REASON_MAX_LENGTH} characters`, 400);
        return [{ type: 'IdentityVerificationRejected', data: { userId: command.userId, reason, by: command.by } }];
      }
      default: {
        const unknownCommand: never = command;
        return unknownCommand;
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'IdentityVerificationSubmitted':
        return { status: 'pending', request: event.data };
      case 'IdentityVerified':
        return state.status === 'pending' ? { status: 'verified', request: state.request, producerId: event.data.producerId } : state;
      case 'IdentityVerificationRejected':
        return state.status === 'pending' ? { status: 'rejected', request: state.request, reason: event.data.reason } : state;
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  },
};
