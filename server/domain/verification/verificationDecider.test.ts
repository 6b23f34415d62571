import { verificationDecider, type VerificationCommand } from './verificationDecider';
import type { VerificationEvent } from './verificationEvents';

const request = { userId: 7, artistName: 'Mara Vale', shortName: 'maravale', country: 'DE' };
const submitted: VerificationEvent = { type: 'IdentityVerificationSubmitted', data: request };

function given(events: VerificationEvent[]) {
  const state = events.reduce(verificationDecider.evolve, verificationDecider.initialState());
  return {
    when: (command: VerificationCommand) => ({
      then: (expected: VerificationEvent[]) => expect(verificationDecider.decide(command, state)).toEqual(expected),
      thenRefused: (message: RegExp) => expect(() => verificationDecider.decide(command, state)).toThrow(message),
    }),
  };
}

describe('identity verification decider', () => {
  test('a producer submits, a moderator verifies them under a producer id', () => {
    given([]).when({ type: 'SubmitVerification', request }).then([submitted]);
    given([submitted])
      .when({ type: 'ApproveVerification', userId: 7, producerId: 10_001, by: 2 })
      .then([{ type: 'IdentityVerified', data: { userId: 7, producerId: 10_001, by: 2 } }]);
  });

  test('a rejection carries a trimmed reason, and the producer may submit again', () => {
    given([submitted])
      .when({ type: 'RejectVerification', userId: 7, reason: '  The name does not match the document.  ', by: 2 })
      .then([{ type: 'IdentityVerificationRejected', data: { userId: 7, reason: 'The name does not match the document.', by: 2 } }]);
    given([submitted]).when({ type: 'RejectVerification', userId: 7, reason: '   ', by: 2 }).thenRefused(/reason/);
    const rejected: VerificationEvent = { type: 'IdentityVerificationRejected', data: { userId: 7, reason: 'No.', by: 2 } };
    given([submitted, rejected]).when({ type: 'SubmitVerification', request }).then([submitted]);
  });

  test('no second submission while one waits or once verified; no decision without a submission', () => {
    given([submitted]).when({ type: 'SubmitVerification', request }).thenRefused(/waiting/);
    const verified: VerificationEvent = { type: 'IdentityVerified', data: { userId: 7, producerId: 10_001, by: 2 } };
    given([submitted, verified]).when({ type: 'SubmitVerification', request }).thenRefused(/verified already/);
    given([submitted, verified]).when({ type: 'ApproveVerification', userId: 7, producerId: 10_002, by: 2 }).thenRefused(/no verification/);
    given([]).when({ type: 'RejectVerification', userId: 7, reason: 'x', by: 2 }).thenRefused(/no verification/);
  });

  test('the page address must work as a producer id (SPEC §2)', () => {
    for (const shortName of ['ab', 'Upper', 'with space', '1234']) {
      given([]).when({ type: 'SubmitVerification', request: { ...request, shortName } }).thenRefused(/page address/);
    }
  });
});
