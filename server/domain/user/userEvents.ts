import type { NewEvent } from '../../eventStore/eventStore';
import type { Role, StaffRole } from '../../../shared/domain/auth/roles';

/** What an account holder told us at registration; the password is not part of it. */
export interface UserProfile {
  userId: number;
  /** Trimmed and lowercased. */
  email: string;
  firstName: string;
  lastName: string;
  country: string;
  countryShortName: string;
  socialNetwork: string | null;
  roles: Role[];
}

// Every event names its user, so readers of the whole store (the account stream) can pick one
// user's events without knowing stream names.
export type UserRegistered = NewEvent<'UserRegistered', UserProfile>;
export type EmailConfirmed = NewEvent<'EmailConfirmed', { userId: number }>;
/** The new hash lives in user_credentials only. */
export type PasswordChanged = NewEvent<'PasswordChanged', { userId: number }>;
export type ProBuyerStatusChanged = NewEvent<'ProBuyerStatusChanged', { userId: number; isProBuyer: boolean }>;
/** An admin blocked the account: its sessions were ended first, login is refused until UserUnblocked. */
export type UserBlocked = NewEvent<'UserBlocked', { userId: number }>;
export type UserUnblocked = NewEvent<'UserUnblocked', { userId: number }>;
/** A session of this user was ended by logout; its live streams close. */
export type UserLoggedOut = NewEvent<'UserLoggedOut', { userId: number }>;
/** The password was checked and a session opened: the analytics stream's `Logged In` (issue 13). */
export type UserLoggedIn = NewEvent<'UserLoggedIn', { userId: number }>;

/**
 * Who changed a staff role: `by` is the admin who did it in the console; absent when an operator
 * ran `npm run users` (and in every event recorded before the console could do it).
 */
export interface StaffRoleChange {
  userId: number;
  role: StaffRole;
  by?: number;
}
/** The user was made staff. */
export type RoleGranted = NewEvent<'RoleGranted', StaffRoleChange>;
/**
 * A staff role was taken back; the user's sessions were ended with it unless the user keeps a
 * higher role (server/auth/staffRoles.ts).
 */
export type RoleRevoked = NewEvent<'RoleRevoked', StaffRoleChange>;

/** The names, country and social URL the account holder changed in Account settings. */
export interface ProfileDetails {
  firstName: string;
  lastName: string;
  country: string;
  countryShortName: string;
  socialNetwork: string | null;
}
export type UserProfileChanged = NewEvent<'UserProfileChanged', { userId: number } & ProfileDetails>;
/** `avatarSrc` is the stored picture's public address (server/account/avatarImage.ts); null takes it away. */
export type UserAvatarChanged = NewEvent<'UserAvatarChanged', { userId: number; avatarSrc: string | null }>;
/** Recorded when the new address's owner followed the mailed link; trimmed and lowercased. */
export type EmailChanged = NewEvent<'EmailChanged', { userId: number; email: string }>;
/**
 * The account was deleted: its personal data is gone from every table, and from the events it had
 * been written into (server/account/accountErasure.ts). Readers of the stream drop the user.
 */
export type AccountErased = NewEvent<'AccountErased', { userId: number }>;

export type UserEvent =
  | UserRegistered
  | EmailConfirmed
  | PasswordChanged
  | ProBuyerStatusChanged
  | UserBlocked
  | UserUnblocked
  | UserLoggedOut
  | UserLoggedIn
  | RoleGranted
  | RoleRevoked
  | UserProfileChanged
  | UserAvatarChanged
  | EmailChanged
  | AccountErased;

export const userStreamId = (userId: number) => `user-${userId}`;
