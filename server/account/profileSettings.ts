import { messages, socialNetworkError } from '../../shared/domain/auth/authRules';
import type { AccountProfile, ProfileChange } from '../../shared/schemas/account';
import type { AppDeps } from '../appDeps';
import type { AccountSession } from '../auth/sessions';
import { findCountry } from '../countries/countryList';
import { aggregateStream } from '../domain/aggregateStream';
import { handleCommand } from '../domain/commandHandler';
import { producerDecider } from '../domain/producer/producerDecider';
import { producerStreamId } from '../domain/producer/producerEvents';
import { type RegisteredUser, userDecider } from '../domain/user/userDecider';
import { userStreamId } from '../domain/user/userEvents';
import { HttpError } from '../http/endpoint';
import { producerIdOf } from '../producers/producerOfAccount';
import { deleteAvatarFiles, storeAvatar } from './avatarImage';

const isSeller = (user: RegisteredUser) => user.profile.roles.includes('producer');

function refuseField(field: string, message: string): never {
  throw new HttpError(400, message, { errors: { [field]: message } });
}

async function registeredUser(deps: AppDeps, userId: number): Promise<RegisteredUser> {
  const { state } = await aggregateStream(deps.eventStore, userStreamId(userId), userDecider);
  if (state.status !== 'registered') throw new HttpError(404, 'No such account');
  return state;
}

async function producerProfile(deps: AppDeps, userId: number) {
  const producerId = await producerIdOf(deps, userId);
  if (producerId === null) return null;
  const { state } = await aggregateStream(deps.eventStore, producerStreamId(producerId), producerDecider);
  return state.status === 'created' ? state.profile : null;
}

export async function accountProfile(deps: AppDeps, session: AccountSession): Promise<AccountProfile> {
  const user = await registeredUser(deps, session.user.id);
  const producer = await producerProfile(deps, session.user.id);
  const pending = await deps.database.query
    .selectFrom('account_tokens')
    .select('new_email')
    .where('user_id', '=', session.user.id)
    .where('purpose', '=', 'email-change')
    .where('used_at', 'is', null)
    .where('expires_at', '>', deps.clock.now().getTime())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return {
    firstName: user.profile.firstName,
    lastName: user.profile.lastName,
    email: user.profile.email,
    country: user.profile.country,
    socialNetwork: user.profile.socialNetwork,
    avatarSrc: user.avatarSrc,
    isSeller: isSeller(user),
    artistName: producer?.artistName ?? null,
    pendingEmail: pending?.new_email ?? null,
  };
}

/**
 * Names, country and a seller's social URL, by the registration's rules and words; a verified
 * producer's artist name goes to their producer profile, so the storefront shows it at once.
 */
export async function changeProfile(deps: AppDeps, session: AccountSession, change: ProfileChange): Promise<AccountProfile> {
  const userId = session.user.id;
  const user = await registeredUser(deps, userId);
  const country = findCountry(change.country);
  if (!country) refuseField('country', messages.listValue('Country'));
  let socialNetwork: string | null = null;
  if (isSeller(user)) {
    const url = change.socialNetwork?.trim() ?? '';
    const refusal = socialNetworkError(url, country.name);
    if (refusal) refuseField('socialNetwork', refusal);
    socialNetwork = url;
  }
  const producer = change.artistName === undefined ? null : await producerProfile(deps, userId);
  const details = { firstName: change.firstName.trim(), lastName: change.lastName.trim(), country: country.name, countryShortName: country.shortName, socialNetwork };
  const { position } = await handleCommand(deps.eventStore, userStreamId(userId), userDecider, { type: 'ChangeProfile', userId, details });
  const renamed = producer
    ? await handleCommand(deps.eventStore, producerStreamId(producer.producerId), producerDecider, {
        type: 'ChangeProducerProfile',
        producerId: producer.producerId,
        artistName: change.artistName!.trim(),
        avatarSrc: producer.avatarSrc,
      })
    : null;
  await deps.projector.waitFor(Math.max(position, renamed?.position ?? 0));
  return accountProfile(deps, session);
}

/**
 * A new picture (`content`) or none (null). The old picture's files are deleted once the new
 * address is recorded; a producer's page shows the new one too.
 */
export async function changeAvatar(deps: AppDeps, session: AccountSession, content: Buffer | null): Promise<AccountProfile> {
  const userId = session.user.id;
  const user = await registeredUser(deps, userId);
  const producer = await producerProfile(deps, userId);
  const avatarSrc = content === null ? null : await storeAvatar(deps.media, userId, content, producer !== null);
  const { position } = await handleCommand(deps.eventStore, userStreamId(userId), userDecider, { type: 'ChangeAvatar', userId, avatarSrc });
  const changed = producer
    ? await handleCommand(deps.eventStore, producerStreamId(producer.producerId), producerDecider, {
        type: 'ChangeProducerProfile',
        producerId: producer.producerId,
        artistName: producer.artistName,
        avatarSrc,
      })
    : null;
  await deps.projector.waitFor(Math.max(position, changed?.position ?? 0));
  if (user.avatarSrc !== null && user.avatarSrc !== avatarSrc) await deleteAvatarFiles(deps.media, userId, user.avatarSrc);
  return accountProfile(deps, session);
}
