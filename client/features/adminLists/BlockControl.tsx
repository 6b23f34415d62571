import { selectUser } from '../../../shared/features/auth/authSlice';
import type { AdminAccount } from '../../../shared/schemas/adminLists';
import { useAppSelector } from '../../store/hooks';
import { ConfirmedAction } from './AdminActions';

/** Block or unblock the account shown; an admin's own account has neither (the server refuses it too). */
export function BlockControl({ account, producer }: { account: AdminAccount; producer: boolean }) {
  const me = useAppSelector(selectUser);
  if (!me || !me.roles.includes('admin') || me.id === account.id) return null;
  const name = `${account.firstName} ${account.lastName}`;
  return account.blocked ? (
    <ConfirmedAction
      action={{ kind: 'unblock', userId: account.id }}
      label="Unblock account"
      question={`Unblock ${name}? They can log in again${producer ? ', and their withheld beats return to the shop' : ''}.`}
      confirmLabel="Yes, unblock"
    />
  ) : (
    <ConfirmedAction
      action={{ kind: 'block', userId: account.id }}
      label="Block account"
      question={`Block ${name}? Their sessions end at once and they cannot log in${producer ? '; their unsold beats leave the shop' : ''}.`}
      confirmLabel="Yes, block"
    />
  );
}
