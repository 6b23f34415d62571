import { userDecider, type UserCommand } from './userDecider';
import type { UserEvent, UserProfile } from './userEvents';
import { toUser } from './userAnswer';
import { userEventCodec } from './userEventCodec';

const profile: UserProfile = {
  userId: 7,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'Germany',
  countryShortName: 'DE',
  socialNetwork: null,
  roles: ['client'],
};
const registered: UserEvent = { type: 'UserRegistered', data: profile };

const given = (events: UserEvent[]) => ({
  when: (command: UserCommand) => {
    const state = events.reduce(userDecider.evolve, userDecider.initialState());
    return {
      then: (expected: UserEvent[]) => expect(userDecider.decide(command, state)).toEqual(expected),
      thenRefused: (message: RegExp) => expect(() => userDecider.decide(command, state)).toThrow(message),
    };
  },
});

describe('user decider', () => {
  test('registers once, and only with a role', () => {
    given([]).when({ type: 'Register', profile }).then([registered]);
    given([registered]).when({ type: 'Register', profile }).thenRefused(/already registered/);
    given([]).when({ type: 'Register', profile: { ...profile, roles: [] } }).thenRefused(/role/);
  });

  test('an unknown user can do nothing else', () => {
    given([]).when({ type: 'ConfirmEmail', userId: 7 }).thenRefused(/does not exist/);
    given([]).when({ type: 'RecordLogout', userId: 7 }).thenRefused(/does not exist/);
  });

  test('confirming an email, blocking and setting PRO status again change nothing', () => {
    const confirmed: UserEvent = { type: 'EmailConfirmed', data: { userId: 7 } };
    given([registered]).when({ type: 'ConfirmEmail', userId: 7 }).then([confirmed]);
    given([registered, confirmed]).when({ type: 'ConfirmEmail', userId: 7 }).then([]);
    const blocked: UserEvent = { type: 'UserBlocked', data: { userId: 7 } };
    given([registered]).when({ type: 'Block', userId: 7 }).then([blocked]);
    given([registered, blocked]).when({ type: 'Block', userId: 7 }).then([]);
    const unblocked: UserEvent = { type: 'UserUnblocked', data: { userId: 7 } };
    given([registered]).when({ type: 'Unblock', userId: 7 }).then([]);
    given([registered, blocked]).when({ type: 'Unblock', userId: 7 }).then([unblocked]);
    given([registered, blocked, unblocked]).when({ type: 'Block', userId: 7 }).then([blocked]);
    given([registered]).when({ type: 'ChangeProBuyerStatus', userId: 7, isProBuyer: false }).then([]);
    given([registered])
      .when({ type: 'ChangeProBuyerStatus', userId: 7, isProBuyer: true })
      .then([{ type: 'ProBuyerStatusChanged', data: { userId: 7, isProBuyer: true } }]);
  });

  test('password changes and logouts are recorded each time, without secrets', () => {
    given([registered]).when({ type: 'RecordPasswordChange', userId: 7 }).then([{ type: 'PasswordChanged', data: { userId: 7 } }]);
    given([registered]).when({ type: 'RecordLogout', userId: 7 }).then([{ type: 'UserLoggedOut', data: { userId: 7 } }]);
  });

  test('a staff role is granted once and revoked once; the answer follows it', () => {
    const granted: UserEvent = { type: 'RoleGranted', data: { userId: 7, role: 'moderator' } };
    const revoked: UserEvent = { type: 'RoleRevoked', data: { userId: 7, role: 'moderator' } };
    given([registered]).when({ type: 'GrantRole', userId: 7, role: 'moderator' }).then([granted]);
    given([registered, granted]).when({ type: 'GrantRole', userId: 7, role: 'moderator' }).then([]);
    given([registered, granted]).when({ type: 'RevokeRole', userId: 7, role: 'moderator' }).then([revoked]);
    given([registered, granted, revoked]).when({ type: 'RevokeRole', userId: 7, role: 'moderator' }).then([]);
    given([registered]).when({ type: 'RevokeRole', userId: 7, role: 'admin' }).then([]);
    given([]).when({ type: 'GrantRole', userId: 7, role: 'admin' }).thenRefused(/does not exist/);

    const answerAfter = (events: UserEvent[]) => {
      const state = events.reduce(userDecider.evolve, userDecider.initialState());
      if (state.status !== 'registered') throw new Error('not registered');
      return toUser(state, null);
    };
    expect(answerAfter([registered, granted])).toMatchObject({ roles: ['client', 'moderator'], currentRole: 'moderator' });
    expect(answerAfter([registered, granted, revoked])).toMatchObject({ roles: ['client'], currentRole: 'client' });
  });

  test('a role changed in the console names the admin who did it; a blocked account is not made staff', () => {
    given([registered])
      .when({ type: 'GrantRole', userId: 7, role: 'moderator', by: 1 })
      .then([{ type: 'RoleGranted', data: { userId: 7, role: 'moderator', by: 1 } }]);
    const granted: UserEvent = { type: 'RoleGranted', data: { userId: 7, role: 'moderator', by: 1 } };
    given([registered, granted])
      .when({ type: 'RevokeRole', userId: 7, role: 'moderator', by: 2 })
      .then([{ type: 'RoleRevoked', data: { userId: 7, role: 'moderator', by: 2 } }]);
    const blocked: UserEvent = { type: 'UserBlocked', data: { userId: 7 } };
    given([registered, blocked]).when({ type: 'GrantRole', userId: 7, role: 'moderator', by: 1 }).thenRefused(/^Account 7 is blocked; unblock it before making it moderator$/);
    // Taking a role back from a blocked account makes it less, never more: allowed.
    given([registered, granted, blocked]).when({ type: 'RevokeRole', userId: 7, role: 'moderator' }).then([{ type: 'RoleRevoked', data: { userId: 7, role: 'moderator' } }]);
  });

  test('role events decode with and without `by`, so those recorded before the console still read', () => {
    const stored = (data: unknown) => ({ type: 'RoleGranted', data, position: 3, streamId: 'user-7', version: 2, recordedAt: '2026-01-01T00:00:00.000Z' });
    expect(userEventCodec.decode(stored({ userId: 7, role: 'admin' })).data).toEqual({ userId: 7, role: 'admin' });
    expect(userEventCodec.decode(stored({ userId: 7, role: 'moderator', by: 1 })).data).toEqual({ userId: 7, role: 'moderator', by: 1 });
    expect(() => userEventCodec.decode(stored({ userId: 7, role: 'moderator', by: 'admin' }))).toThrow(/data\.by/);
  });

  test('the answer carries the effective role and the flags', () => {
    const events: UserEvent[] = [
      { ...registered, data: { ...profile, roles: ['client', 'producer'] } },
      { type: 'EmailConfirmed', data: { userId: 7 } },
      { type: 'ProBuyerStatusChanged', data: { userId: 7, isProBuyer: true } },
    ];
    const state = events.reduce(userDecider.evolve, userDecider.initialState());
    if (state.status !== 'registered') throw new Error('not registered');
    expect(toUser(state, 12)).toEqual({
      id: 7,
      email: 'ada@example.com',
      roles: ['client', 'producer'],
      currentRole: 'producer',
      firstName: 'Ada',
      lastName: 'Lovelace',
      avatar: null,
      isProBuyer: true,
      emailConfirmed: true,
      country: 'Germany',
      producerId: 12,
    });
  });
});
