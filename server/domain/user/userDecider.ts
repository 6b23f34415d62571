import { effectiveRole, type StaffRole } from '../../../shared/domain/auth/roles';
import { type Decider, DomainError } from '../decider';
import type { ProfileDetails, StaffRoleChange, UserEvent, UserProfile } from './userEvents';
import { userEventCodec } from './userEventCodec';

export type UserState =
  | { status: 'unregistered' }
  | { status: 'registered'; profile: UserProfile; avatarSrc: string | null; emailConfirmed: boolean; isProBuyer: boolean; blocked: boolean }
  /** Deleted by its holder: nothing more happens to it, and its id is never given again. */
  | { status: 'erased' };

export type RegisteredUser = Extract<UserState, { status: 'registered' }>;

export type UserCommand =
  | { type: 'Register'; profile: UserProfile }
  | { type: 'ConfirmEmail'; userId: number }
  | { type: 'RecordPasswordChange'; userId: number }
  | { type: 'ChangeProBuyerStatus'; userId: number; isProBuyer: boolean }
  | { type: 'Block'; userId: number }
  | { type: 'Unblock'; userId: number }
  | { type: 'RecordLogout'; userId: number }
  | { type: 'RecordLogin'; userId: number }
  /** `by`: the admin who acts in the console; absent for `npm run users`. */
  | { type: 'GrantRole'; userId: number; role: StaffRole; by?: number }
  | { type: 'RevokeRole'; userId: number; role: StaffRole; by?: number }
  | { type: 'ChangeProfile'; userId: number; details: ProfileDetails }
  | { type: 'ChangeAvatar'; userId: number; avatarSrc: string | null }
  | { type: 'ChangeEmail'; userId: number; email: string }
  | { type: 'Erase'; userId: number };

const sameDetails = (profile: UserProfile, details: ProfileDetails) =>
  profile.firstName === details.firstName &&
  profile.lastName === details.lastName &&
  profile.country === details.country &&
  profile.countryShortName === details.countryShortName &&
  profile.socialNetwork === details.socialNetwork;

/** The event's data; `by` only when someone is named, so events of `npm run users` keep their old shape. */
const staffRoleChange = ({ userId, role, by }: { userId: number; role: StaffRole; by?: number }): StaffRoleChange =>
  by === undefined ? { userId, role } : { userId, role, by };

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
      case 'RecordLogin':
        return [{ type: 'UserLoggedIn', data: { userId } }];
      case 'GrantRole':
        if (state.profile.roles.includes(command.role)) return [];
        // Staff rights on an account that cannot log in would wake with an unblock nobody meant as a promotion.
        if (state.blocked) throw new DomainError(`Account ${userId} is blocked; unblock it before making it ${command.role}`);
        return [{ type: 'RoleGranted', data: staffRoleChange(command) }];
      case 'RevokeRole':
        return state.profile.roles.includes(command.role) ? [{ type: 'RoleRevoked', data: staffRoleChange(command) }] : [];
      case 'ChangeProfile':
        return sameDetails(state.profile, command.details) ? [] : [{ type: 'UserProfileChanged', data: { userId, ...command.details } }];
      case 'ChangeAvatar':
        return state.avatarSrc === command.avatarSrc ? [] : [{ type: 'UserAvatarChanged', data: { userId, avatarSrc: command.avatarSrc } }];
      case 'ChangeEmail':
        // The link proved the address; a second click on it changes nothing.
        return state.profile.email === command.email ? [] : [{ type: 'EmailChanged', data: { userId, email: command.email } }];
      case 'Erase':
        return [{ type: 'AccountErased', data: { userId } }];
      default: {
        const unknownCommand: never = command;
        return unknownCommand;
      }
    }
  },
  evolve(state, event) {
    if (event.type === 'UserRegistered') {
      return { status: 'registered', profile: event.data, avatarSrc: null, emailConfirmed: false, isProBuyer: false, blocked: false };
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
      case 'UserProfileChanged': {
        const { userId: _userId, ...details } = event.data;
        return { ...state, profile: { ...state.profile, ...details } };
      }
      case 'UserAvatarChanged':
        return { ...state, avatarSrc: event.data.avatarSrc };
      case 'EmailChanged':
        return { ...state, profile: { ...state.profile, email: event.data.email } };
      case 'AccountErased':
        return { status: 'erased' };
      case 'PasswordChanged':
      case 'UserLoggedOut':
      case 'UserLoggedIn':
        return state;
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  },
};
