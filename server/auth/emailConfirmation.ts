import type { AppDeps } from '../appDeps';
import { handleCommand } from '../domain/commandHandler';
import { userDecider } from '../domain/user/userDecider';
import { userStreamId } from '../domain/user/userEvents';
import { HttpError } from '../http/endpoint';
import { confirmEmailChange } from '../account/emailChange';
import { consumeAccountToken, releaseAccountToken } from './accountTokens';

export const CONFIRMATION_LINK_INVALID = 'This email confirmation link is invalid or has expired';

/**
 * Uses up the mailed link and records the confirmation; should recording fail, the link works again.
 * The link of an email change (Account settings) comes to the same page: it confirms an address too.
 */
export async function confirmEmail(deps: AppDeps, token: string): Promise<void> {
  const now = deps.clock.now().getTime();
  const userId = await deps.database.transaction((tx) => consumeAccountToken(tx, token, 'email-confirmation', now));
  if (userId === null) {
    if ((await confirmEmailChange(deps, token)) === 'changed') return;
    throw new HttpError(400, CONFIRMATION_LINK_INVALID);
  }
  try {
    const { position } = await handleCommand(deps.eventStore, userStreamId(userId), userDecider, { type: 'ConfirmEmail', userId });
    await deps.projector.waitFor(position);
  } catch (error) {
    await releaseAccountToken(deps.database, token);
    throw error;
  }
}
