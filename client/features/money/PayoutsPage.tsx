import { useState } from 'react';
import { Form } from 'react-final-form';
import { formatCents } from '../../../shared/domain/money';
import { MONEY_FIGURES } from '../../../shared/domain/moneyFigures';
import { payoutRequested, selectBalances, selectIsBusy, selectMoneyStatus } from '../../../shared/features/money/moneySlice';
import { PAYOUT_REFERENCE_LIMIT, type ProducerBalance } from '../../../shared/schemas/earnings';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { TextField } from '../auth/fields';
import { formatDate } from '../sites/formatting';
import { MoneyStatus } from './MoneyStatus';

interface PayoutValues {
  amount?: string;
  reference?: string;
}

/** Dollars as typed ("120", "120.5", "120.50") to cents; null when it is not an amount. */
export function centsOf(text: string | undefined): number | null {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text ?? '');
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function validate(values: PayoutValues, balanceCents: number): Record<string, string> {
  const errors: Record<string, string> = {};
  const cents = centsOf(values.amount);
  if (cents === null || cents < 1) errors.amount = 'Amount must be a dollar amount such as 120.50';
  else if (cents > balanceCents) errors.amount = `Amount must not exceed the balance of ${formatCents(balanceCents)}`;
  const reference = values.reference?.trim() ?? '';
  if (reference === '') errors.reference = 'Reference is required';
  else if (reference.length > PAYOUT_REFERENCE_LIMIT) errors.reference = `Reference must be at most ${PAYOUT_REFERENCE_LIMIT} characters long`;
  return errors;
}

/**
 * "Mark payout sent" for one producer. The form's payout id is made once when it opens, so a
 * second click (or a retried request) records the same payout, not another.
 */
function PayoutForm({ balance, onDone }: { balance: ProducerBalance; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => selectIsBusy(state, `payout:${balance.producerId}`));
  const [payoutId] = useState(() => `payout-${crypto.randomUUID()}`);
  return (
    <Form<PayoutValues>
      onSubmit={(values) => {
        dispatch(payoutRequested({ payoutId, producerId: balance.producerId, amountCents: centsOf(values.amount) ?? 0, reference: values.reference?.trim() ?? '' }));
        onDone();
      }}
      initialValues={{ amount: (balance.balanceCents / 100).toFixed(2) }}
      validate={(values) => validate(values, balance.balanceCents)}
      render={({ handleSubmit }) => (
        <form className="page-form decisions__form" onSubmit={handleSubmit} noValidate aria-label={`Mark payout sent to ${balance.producerName}`}>
          <TextField name="amount" label="Amount (USD)" autoComplete="off" />
          <TextField name="reference" label="Transfer reference" autoComplete="off" />
          <div className="decisions__buttons">
            <button type="submit" disabled={busy}>
              Record payout
            </button>
            <button type="button" className="decision" onClick={onDone}>
              Cancel
            </button>
          </div>
        </form>
      )}
    />
  );
}

function BalanceCard({ balance }: { balance: ProducerBalance }) {
  const [open, setOpen] = useState(false);
  const busy = useAppSelector((state) => selectIsBusy(state, `payout:${balance.producerId}`));
  const headingId = `balance-${balance.producerId}`;
  return (
    <article className="site-card moderation-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="moderation-card__title">
        {balance.producerName}
      </h2>
      <dl className="moderation-facts">
        <div>
          <dt>{MONEY_FIGURES.earned}</dt>
          <dd>{formatCents(balance.earnedCents)}</dd>
        </div>
        <div>
          <dt>Paid out</dt>
          <dd>{formatCents(balance.paidOutCents)}</dd>
        </div>
        <div>
          <dt>Balance</dt>
          <dd>
            <strong>{formatCents(balance.balanceCents)}</strong>
          </dd>
        </div>
        <div>
          <dt>Last payout</dt>
          <dd>{balance.lastPayoutAt === null ? 'None yet' : formatDate(balance.lastPayoutAt)}</dd>
        </div>
      </dl>
      {open ? (
        <PayoutForm balance={balance} onDone={() => setOpen(false)} />
      ) : (
        <div className="decisions__buttons">
          <button type="button" className="decision decision--direct" disabled={busy || balance.balanceCents <= 0} onClick={() => setOpen(true)} aria-label={`Mark payout sent to ${balance.producerName}`}>
            Mark payout sent
          </button>
        </div>
      )}
    </article>
  );
}

/** `Payouts`: each producer's balance (sales net of coupon shares, the shop's commission and refunds, less payouts), the most owed first. */
export function PayoutsPage() {
  const balances = useAppSelector(selectBalances);
  const status = useAppSelector(selectMoneyStatus);
  if (!balances) return null;
  return (
    <>
      <MoneyStatus message={status} />
      {balances.length === 0 ? (
        <p className="site-empty">No producer has earned anything yet.</p>
      ) : (
        <ul className="site-list">
          {balances.map((balance) => (
            <li key={balance.producerId}>
              <BalanceCard balance={balance} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
