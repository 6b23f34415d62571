import { effectiveRole, type StaffRole } from '../../../shared/domain/auth/roles';
import { type Decider, DomainError } from '../decider';
import type { UserEvent, UserProfile } from './userEvents';
import { userEventCodec } from './userEventCodec';

export type UserState =
  | { status: 'unregistered' }
  | { status: 'registered'; profile: UserProfile; emailConfirmed: boolean; isProBuyer: boolean; blocked: boolean };

export type RegisteredUser = Extract<UserState, { status: 'registered' }>;

export type UserCommand =
  | { type: 'Register'; profile: UserProfile }
  | { type: 'ConfirmEmail'; userId: number }
  | { type: 'RecordPasswordChange'; userId: number }
  | { type: 'ChangeProBuyerStatus'; userId: number; isProBuyer: boolean }
  | { type: 'Block'; userId: number }
  | { type: 'Unblock'; userId: number }
  | { type: 'RecordLogout'; userId: number }
  | { type: 'GrantRole'; userId: number; role: StaffRole }
  | { type: 'RevokeRole'; userId: number; role: StaffRole };

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({ status: 'unregistered' }),
  codec: userEventCodec,
  decide(command, state) {
    if (command.type === 'Register') {
      if (state.status !== 'unregistered') throw new DomainError(`User ${command.profile.userId} is already registered`);
      if (effectiveRole(command.profile.roles) === null) throw new DomainError('A user needs at least one role', 400);
      return [{ type: 'UserRegistered', data: command.profile }];
    }
    if (state.status !== 'registered') throw new DomainError(`User ${command.userId} does not exist`, 404);
    const { userId } = command;
    switch (command.type) {
      // Repeats change nothing, so a retried request or a second click is harmless.
      case 'ConfirmEmail':
        return state.emailConfirmed ? [] : [{ type: 'EmailConfirmed', data: { userId } }];
      case 'RecordPasswordChange':
        return [{ type: 'PasswordChanged', data: { userId } }];
      case 'ChangeProBuyerStatus':
        return state.isProBuyer === command.isProBuyer
          ? []
          : [{ type: 'ProBuyerStatusChanged', data: { userId, isProBuyer: command.isProBuyer } }];
      case 'Block':
        return state.blocked ? [] : [{ type: 'UserBlocked', data: { userId } }];
      case 'Unblock':
        return state.blocked ? [{ type: 'UserUnblocked', data: { userId } }] : [];
      case 'RecordLogout':
        return [{ type: 'UserLoggedOut', data: { userId } }];
      case 'GrantRole':
        return state.profile.roles.includes(command.role) ? [] : [{ type: 'RoleGranted', data: { userId, role: command.role } }];
      case 'RevokeRole':
        return state.profile.roles.includes(command.role) ? [{ type: 'RoleRevoked', data: { userId, role: command.role } }] : [];
      default: {
        const unknownCommand: never = command;
        return unknownCommand;
      }
    }
  },
  evolve(state, event) {
    if (event.type === 'UserRegistered') {
      return { status: 'registered', profile: event.data, emailConfirmed: false, isProBuyer: false, blocked: false };
    }
    if (state.status !== 'registered') return state;
    switch (event.type) {
      case 'EmailConfirmed':
        return { ...state, emailConfirmed: true };
      case 'ProBuyerStatusChanged':
        return { ...state, isProBuyer: event.data.isProBuyer };
      case 'UserBlocked':
        return { ...state, blocked: true };
      case 'UserUnblocked':
        return { ...state, blocked: false };
      case 'RoleGranted':
        return { ...state, profile: { ...state.profile, roles: [...state.profile.roles, event.data.role] } };
      case 'RoleRevoked':
        return { ...state, profile: { ...state.profile, roles: state.profile.roles.filter((role) => role !== event.data.role) } };
      case 'PasswordChanged':
      case 'UserLoggedOut':
        return state;
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  },
};
