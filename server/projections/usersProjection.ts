import { userEventCodec } from '../domain/user/userEventCodec';
import { defineProjection } from './projection';

/** The users read model: one row per account, for session lookups and answers. */
export const usersProjection = defineProjection({
  name: 'users',
  codec: userEventCodec,
  async apply(tx, events) {
    for (const event of events) {
      switch (event.type) {
        case 'UserRegistered': {
          const profile = event.data;
          await tx
            .insertInto('users')
            .values({
              id: profile.userId,
              email: profile.email,
              first_name: profile.firstName,
              last_name: profile.lastName,
              country: profile.country,
              country_short_name: profile.countryShortName,
              social_network: profile.socialNetwork,
              roles: JSON.stringify(profile.roles),
              email_confirmed: 0,
              is_pro_buyer: 0,
              blocked: 0,
              avatar_src: null,
            })
            .execute();
          break;
        }
        case 'EmailConfirmed':
          await tx.updateTable('users').set({ email_confirmed: 1 }).where('id', '=', event.data.userId).execute();
          break;
        case 'ProBuyerStatusChanged':
          await tx
            .updateTable('users')
            .set({ is_pro_buyer: event.data.isProBuyer ? 1 : 0 })
            .where('id', '=', event.data.userId)
            .execute();
          break;
        case 'UserBlocked':
          await tx.updateTable('users').set({ blocked: 1 }).where('id', '=', event.data.userId).execute();
          break;
        case 'UserUnblocked':
          await tx.updateTable('users').set({ blocked: 0 }).where('id', '=', event.data.userId).execute();
          break;
        case 'RoleGranted':
        case 'RoleRevoked': {
          const row = await tx.selectFrom('users').select('roles').where('id', '=', event.data.userId).executeTakeFirstOrThrow();
          const others = (JSON.parse(row.roles) as string[]).filter((role) => role !== event.data.role);
          const roles = event.type === 'RoleGranted' ? [...others, event.data.role] : others;
          await tx.updateTable('users').set({ roles: JSON.stringify(roles) }).where('id', '=', event.data.userId).execute();
          break;
        }
        case 'UserProfileChanged': {
          const { userId, firstName, lastName, country, countryShortName, socialNetwork } = event.data;
          await tx
            .updateTable('users')
            .set({ first_name: firstName, last_name: lastName, country, country_short_name: countryShortName, social_network: socialNetwork })
            .where('id', '=', userId)
            .execute();
          break;
        }
        case 'UserAvatarChanged':
          await tx.updateTable('users').set({ avatar_src: event.data.avatarSrc }).where('id', '=', event.data.userId).execute();
          break;
        case 'EmailChanged':
          await tx.updateTable('users').set({ email: event.data.email }).where('id', '=', event.data.userId).execute();
          break;
        case 'AccountErased':
          await tx.deleteFrom('users').where('id', '=', event.data.userId).execute();
          break;
        case 'PasswordChanged':
        case 'UserLoggedOut':
        case 'UserLoggedIn':
          break;
        default: {
          const unknownEvent: never = event;
          throw new Error(`users projection cannot apply ${String(unknownEvent)}`);
        }
      }
    }
  },
});
