import { effectiveRole } from '../../../shared/domain/auth/roles';
import type { User } from '../../../shared/schemas/auth';
import type { RegisteredUser } from './userDecider';

/**
 * SPEC §3 User as every auth call and the account stream answer it. `producerId` comes from the
 * producer's verification, which lives outside the user's stream.
 */
export function toUser({ profile, avatarSrc, emailConfirmed, isProBuyer }: Omit<RegisteredUser, 'status' | 'blocked'>, producerId: number | null): User {
  const currentRole = effectiveRole(profile.roles);
  // The decider refuses a registration without a role, so this is a damaged record.
  if (currentRole === null) throw new Error(`User ${profile.userId} has no known role`);
  return {
    id: profile.userId,
    email: profile.email,
    roles: profile.roles,
    currentRole,
    firstName: profile.firstName,
    lastName: profile.lastName,
    avatar: avatarSrc === null ? null : { directSrc: avatarSrc },
    isProBuyer,
    emailConfirmed,
    country: profile.country,
    producerId,
  };
}
