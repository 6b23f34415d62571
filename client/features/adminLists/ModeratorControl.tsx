import { selectUser } from '../../../shared/features/auth/authSlice';
import type { AdminAccount } from '../../../shared/schemas/adminLists';
import { useAppSelector } from '../../store/hooks';
import { ConfirmedAction } from './AdminActions';

/**
 * Make the account shown a moderator, or take the role back (issue 12). Only admins have it, and
 * not on their own account (they are above a moderator already). A blocked account is not offered
 * the role: the server refuses it until the account is unblocked.
 */
export function ModeratorControl({ account }: { account: AdminAccount }) {
  const me = useAppSelector(selectUser);
  if (!me || !me.roles.includes('admin') || me.id === account.id) return null;
  const name = `${account.firstName} ${account.lastName}`;
  if (account.roles.includes('moderator')) {
    const keepsAdmin = account.roles.includes('admin');
    return (
      <ConfirmedAction
        action={{ kind: 'revokeModerator', userId: account.id }}
        label="Remove moderator role"
        question={`Remove the moderator role from ${name}? ${keepsAdmin ? 'They stay an admin.' : 'Their sessions end at once, and the moderation pages close to them.'}`}
        confirmLabel="Yes, remove"
      />
    );
  }
  if (account.blocked) return null;
  return (
    <ConfirmedAction
      action={{ kind: 'grantModerator', userId: account.id }}
      label="Make moderator"
      question={`Make ${name} a moderator? They can approve and reject producers and tracks, and act on reports.`}
      confirmLabel="Yes, make moderator"
    />
  );
}
