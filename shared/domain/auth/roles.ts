/** SPEC §4 "Effective role": ranked client < designer < producer < moderator < admin. */
export const ROLES = ['client', 'designer', 'producer', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles given by the operators (`npm run users`), never chosen at registration. */
export const STAFF_ROLES = ['moderator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function effectiveRole(roles: readonly string[]): Role | null {
  const known = roles.filter((role): role is Role => (ROLES as readonly string[]).includes(role));
  if (known.length === 0) return null;
  return known.reduce((highest, role) => (ROLES.indexOf(role) > ROLES.indexOf(highest) ? role : highest));
}
