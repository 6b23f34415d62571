import type { Selectable } from 'kysely';
import { ROLES, type Role } from '../../shared/domain/auth/roles';
import type { User } from '../../shared/schemas/auth';
import type { AppDeps } from '../appDeps';
import type { UsersTable } from '../db/schema';
import { toUser } from '../domain/user/userAnswer';

export interface Account {
  user: User;
  blocked: boolean;
}

function toAccount(row: Selectable<UsersTable> & { producer_id: number | null }): Account {
  const roles = (JSON.parse(row.roles) as string[]).filter((role): role is Role => (ROLES as readonly string[]).includes(role));
  return {
    user: toUser({
      profile: {
        userId: row.id,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        country: row.country,
        countryShortName: row.country_short_name,
        socialNetwork: row.social_network,
        roles,
      },
      avatarSrc: row.avatar_src,
      emailConfirmed: row.email_confirmed === 1,
      isProBuyer: row.is_pro_buyer === 1,
    }, row.producer_id === null ? null : Number(row.producer_id)),
    blocked: row.blocked === 1,
  };
}

/**
 * The account from the users read model. An account registered a moment ago on another server
 * may not be projected here yet, so a miss catches the projection up once before giving up.
 */
export async function loadAccount(deps: Pick<AppDeps, 'database' | 'projector'>, userId: number): Promise<Account | null> {
  const find = () =>
    deps.database.query
      .selectFrom('users')
      .leftJoin('producer_verifications as verification', (join) =>
        join.onRef('verification.user_id', '=', 'users.id').on('verification.status', '=', 'verified'),
      )
      .selectAll('users')
      .select('verification.producer_id')
      .where('users.id', '=', userId)
      .executeTakeFirst();
  let row = await find();
  if (!row) {
    await deps.projector.catchUp();
    row = await find();
  }
  return row ? toAccount(row) : null;
}
