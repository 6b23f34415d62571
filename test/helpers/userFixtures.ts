import type { User } from '../../shared/schemas/auth';

/** A user as the auth calls answer one; tests change what matters to them. */
export const aUser = (changes: Partial<User> = {}): User => ({
  id: 1,
  email: 'ada@example.com',
  roles: ['client'],
  currentRole: 'client',
  firstName: 'Ada',
  lastName: 'Lovelace',
  avatar: null,
  isProBuyer: false,
  emailConfirmed: true,
  country: 'Germany',
  ...changes,
});
