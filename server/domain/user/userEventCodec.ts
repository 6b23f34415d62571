import { array, boolean, enums, integer, nullable, object, optional, string } from 'superstruct';
import { ROLES, STAFF_ROLES } from '../../../shared/domain/auth/roles';
import { eventCodec } from '../../eventStore/eventCodec';
import type { UserEvent } from './userEvents';

const user = object({ userId: integer() });
// `by` is optional: events written before the admin console (and by `npm run users`) have none.
const staffRole = object({ userId: integer(), role: enums(STAFF_ROLES), by: optional(integer()) });

export const userEventCodec = eventCodec<UserEvent>({
  UserRegistered: object({
    userId: integer(),
    email: string(),
    firstName: string(),
    lastName: string(),
    country: string(),
    countryShortName: string(),
    socialNetwork: nullable(string()),
    roles: array(enums(ROLES)),
  }),
  EmailConfirmed: user,
  PasswordChanged: user,
  ProBuyerStatusChanged: object({ userId: integer(), isProBuyer: boolean() }),
  UserBlocked: user,
  UserUnblocked: user,
  UserLoggedOut: user,
  UserLoggedIn: user,
  RoleGranted: staffRole,
  RoleRevoked: staffRole,
  UserProfileChanged: object({
    userId: integer(),
    firstName: string(),
    lastName: string(),
    country: string(),
    countryShortName: string(),
    socialNetwork: nullable(string()),
  }),
  UserAvatarChanged: object({ userId: integer(), avatarSrc: nullable(string()) }),
  EmailChanged: object({ userId: integer(), email: string() }),
  AccountErased: user,
});
