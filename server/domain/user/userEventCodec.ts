import { array, boolean, enums, integer, nullable, object, string } from 'superstruct';
import { ROLES } from '../../../shared/domain/auth/roles';
import { eventCodec } from '../../eventStore/eventCodec';
import type { UserEvent } from './userEvents';

const user = object({ userId: integer() });

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
  UserLoggedOut: user,
});
