import type { PendingProducer, VerificationAnswer, VerificationRequestBody } from '../../shared/schemas/verification';
import { MINIMUM_SELLER_AGE } from '../../shared/schemas/verification';
import type { AppDeps } from '../appDeps';
import { findCountry } from '../countries/countryList';
import { nextId } from '../db/idSequences';
import { aggregateStream } from '../domain/aggregateStream';
import { handleCommand } from '../domain/commandHandler';
import { producerDecider } from '../domain/producer/producerDecider';
import { producerStreamId } from '../domain/producer/producerEvents';
import { verificationDecider, type VerificationState } from '../domain/verification/verificationDecider';
import { verificationStreamId } from '../domain/verification/verificationEvents';
import { HttpError } from '../http/endpoint';

const readVerification = async (deps: AppDeps, userId: number): Promise<VerificationState> =>
  (await aggregateStream(deps.eventStore, verificationStreamId(userId), verificationDecider)).state;

export async function verificationOf(deps: AppDeps, userId: number): Promise<VerificationAnswer> {
  const state = await readVerification(deps, userId);
  if (state.status === 'none') return { status: 'none', artistName: null, shortName: null, country: null, reason: null, producerId: null };
  const { artistName, shortName, country } = state.request;
  return {
    status: state.status,
    artistName,
    shortName,
    country,
    reason: state.status === 'rejected' ? state.reason : null,
    producerId: state.status === 'verified' ? state.producerId : null,
  };
}

function ageOn(birthDate: string, today: Date): number {
  const born = new Date(`${birthDate}T00:00:00Z`);
  let age = today.getUTCFullYear() - born.getUTCFullYear();
  const birthdayPassed =
    today.getUTCMonth() > born.getUTCMonth() || (today.getUTCMonth() === born.getUTCMonth() && today.getUTCDate() >= born.getUTCDate());
  if (!birthdayPassed) age -= 1;
  return age;
}

/** Whether another producer has the page address, or asked for it and waits for a moderator. */
async function pageAddressTaken(deps: AppDeps, shortName: string, userId: number): Promise<boolean> {
  const producer = await deps.database.query.selectFrom('catalogue_producers').select('id').where('short_name', '=', shortName).executeTakeFirst();
  if (producer) return true;
  const asked = await deps.database.query
    .selectFrom('producer_verifications')
    .select('user_id')
    .where('short_name', '=', shortName)
    .where('status', '=', 'pending')
    .where('user_id', '!=', userId)
    .executeTakeFirst();
  return asked !== undefined;
}

/** The producer sends their details: kept for the moderators, and the request waits for one. */
export async function submitVerification(deps: AppDeps, userId: number, body: VerificationRequestBody): Promise<VerificationAnswer> {
  const country = findCountry(body.country.trim());
  if (!country) throw new HttpError(400, 'Choose a country from the list', { errors: { country: 'Choose a country from the list' } });
  const request = { userId, artistName: body.artistName.trim(), shortName: body.shortName.trim(), country: country.shortName };
  // The state is checked before anything is kept, so a refused request leaves nothing behind.
  verificationDecider.decide({ type: 'SubmitVerification', request }, await readVerification(deps, userId));
  const today = deps.clock.now();
  const age = ageOn(body.dateOfBirth, today);
  if (age < MINIMUM_SELLER_AGE || age > 120) {
    const message = age < MINIMUM_SELLER_AGE ? `Sellers must be at least ${MINIMUM_SELLER_AGE} years old` : 'Date of birth must be a real date of birth';
    throw new HttpError(400, message, { errors: { dateOfBirth: message } });
  }
  if (await pageAddressTaken(deps, request.shortName, userId)) {
    throw new HttpError(409, 'This page address is taken', { errors: { shortName: 'This page address is taken' } });
  }
  const details = { legal_name: body.legalName.trim(), date_of_birth: body.dateOfBirth, address: body.address.trim(), updated_at: today.getTime() };
  await deps.database.transaction((tx) =>
    tx.insertInto('identity_details').values({ user_id: userId, ...details }).onConflict((conflict) => conflict.column('user_id').doUpdateSet(details)).execute(),
  );
  const { position } = await handleCommand(deps.eventStore, verificationStreamId(userId), verificationDecider, { type: 'SubmitVerification', request });
  await deps.projector.waitFor(position);
  return verificationOf(deps, userId);
}

export async function pendingProducers(deps: AppDeps): Promise<PendingProducer[]> {
  const rows = await deps.database.query
    .selectFrom('producer_verifications as verification')
    .innerJoin('users', 'users.id', 'verification.user_id')
    .innerJoin('identity_details as details', 'details.user_id', 'verification.user_id')
    .select([
      'verification.user_id',
      'users.email',
      'verification.artist_name',
      'verification.short_name',
      'verification.country',
      'verification.submitted_at',
      'details.legal_name',
      'details.date_of_birth',
      'details.address',
    ])
    .where('verification.status', '=', 'pending')
    .orderBy('verification.submitted_at')
    .execute();
  const today = deps.clock.now();
  return rows.map((row) => ({
    userId: Number(row.user_id),
    email: row.email,
    artistName: row.artist_name,
    shortName: row.short_name,
    country: row.country,
    legalName: row.legal_name,
    dateOfBirth: row.date_of_birth,
    age: ageOn(row.date_of_birth, today),
    address: row.address,
    submittedAt: new Date(Number(row.submitted_at)).toISOString(),
  }));
}

/**
 * A moderator approves: the producer gets a profile to sell under. The verification and the
 * profile are two streams; a repeated approval after a crash between them creates the missing
 * profile and changes nothing else.
 */
export async function approveVerification(deps: AppDeps, userId: number, moderatorId: number): Promise<VerificationAnswer> {
  let state = await readVerification(deps, userId);
  if (state.status === 'pending') {
    if (await pageAddressTaken(deps, state.request.shortName, userId)) throw new HttpError(409, `The page address ${state.request.shortName} is taken: reject with that reason`);
    const producerId = await nextId(deps.database, 'producer');
    const result = await handleCommand(deps.eventStore, verificationStreamId(userId), verificationDecider, { type: 'ApproveVerification', userId, producerId, by: moderatorId });
    state = result.state;
    await deps.projector.waitFor(result.position);
  }
  if (state.status !== 'verified') throw new HttpError(state.status === 'none' ? 404 : 409, 'There is no verification waiting for a decision');
  const profile = await aggregateStream(deps.eventStore, producerStreamId(state.producerId), producerDecider);
  if (profile.state.status === 'none') {
    const { position } = await handleCommand(deps.eventStore, producerStreamId(state.producerId), producerDecider, {
      type: 'CreateProducerProfile',
      profile: { producerId: state.producerId, artistName: state.request.artistName, shortName: state.request.shortName, avatarSrc: null },
    });
    await deps.projector.waitFor(position);
  }
  return verificationOf(deps, userId);
}

export async function rejectVerification(deps: AppDeps, userId: number, reason: string, moderatorId: number): Promise<VerificationAnswer> {
  const { position } = await handleCommand(deps.eventStore, verificationStreamId(userId), verificationDecider, { type: 'RejectVerification', userId, reason, by: moderatorId });
  await deps.projector.waitFor(position);
  return verificationOf(deps, userId);
}
