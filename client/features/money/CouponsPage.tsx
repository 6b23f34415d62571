import { useEffect, useRef, useState } from 'react';
import { COUPON_CREATE_KEY, couponEditKey, couponExpireKey, couponExpireRequested, selectCouponSaves, selectCoupons, selectIsBusy, selectMoneyStatus } from '../../../shared/features/money/moneySlice';
import type { AdminCoupon } from '../../../shared/schemas/coupons';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatDate } from '../sites/formatting';
import { CouponForm, couponFormValues } from './CouponForm';
import { MoneyStatus } from './MoneyStatus';

const lastDay = (coupon: AdminCoupon) => formatDate(new Date(Math.max(Date.parse(coupon.validUntil) - 1, Date.parse(coupon.validFrom))).toISOString());

/**
 * `onEdit` is given how many times this coupon's terms were saved so far: its form closes at the next.
 * Each value carries its column's name (`coupon-table__label`), which CSS shows only where the list
 * is a column of cards and the table's head is hidden.
 */
function CouponRow({ coupon, onEdit }: { coupon: AdminCoupon; onEdit: (saves: number) => void }) {
  const dispatch = useAppDispatch();
  const saves = useAppSelector((state) => selectCouponSaves(state, couponEditKey(coupon.code)));
  const busy = useAppSelector((state) => selectIsBusy(state, couponExpireKey(coupon.code)));
  return (
    <tr>
      <th scope="row" className="coupon-table__code">
        {coupon.code}
      </th>
      <td className="coupon-table__wraps">
        <span className="coupon-table__label">For </span>
        {coupon.producerId === null ? 'Sitewide' : (coupon.producerName ?? `Producer ${coupon.producerId}`)}
      </td>
      <td className="numeric">
        <span className="coupon-table__label">Off </span>
        {coupon.percentage}%
      </td>
      <td className="coupon-table__wraps">
        <span className="coupon-table__label">Valid </span>
        <span className="coupon-table__day">{formatDate(coupon.validFrom)}</span> – <span className="coupon-table__day">{lastDay(coupon)}</span>
      </td>
      <td className="numeric">
        <span className="coupon-table__label">Uses </span>
        {coupon.usageLimit === null ? coupon.usageCount : `${coupon.usageCount} / ${coupon.usageLimit}`}
      </td>
      <td className="coupon-table__status">
        <span className="status-tag" data-status={coupon.active ? 'listed' : 'cancelled'}>
          {coupon.active ? 'Active' : 'Inactive'}
        </span>
      </td>
      <td className="money-actions">
        <button type="button" className="decision" onClick={() => onEdit(saves)} aria-label={`Edit ${coupon.code}`}>
          Edit
        </button>
        {coupon.active && (
          <button type="button" className="decision" disabled={busy} onClick={() => dispatch(couponExpireRequested(coupon.code))} aria-label={`Expire ${coupon.code} now`}>
            Expire now
          </button>
        )}
      </td>
    </tr>
  );
}

/** `Coupons`: the shop's coupons with their paid uses; create, edit, expire now. The December code is built in and not listed. */
export function CouponsPage() {
  const coupons = useAppSelector(selectCoupons);
  const status = useAppSelector(selectMoneyStatus);
  const created = useAppSelector((state) => selectCouponSaves(state, COUPON_CREATE_KEY));
  const [editing, setEditing] = useState<{ code: string; openedAt: number } | null>(null);
  const editSaves = useAppSelector((state) => (editing === null ? 0 : selectCouponSaves(state, couponEditKey(editing.code))));
  const editCard = useRef<HTMLElement>(null);
  // The edit form is under the whole list, out of sight of the Edit pressed in a long one (or on a
  // phone): opening it brings it into view and puts the keyboard in its first field. Run when an
  // Edit is pressed (each press makes a new `editing`), never as the admin types or saves. The
  // form stays one card under the list rather than inline in the row: a table row could only hold
  // it as a cell spanning every column, and the list is a column of cards on a phone.
  useEffect(() => {
    const card = editCard.current;
    if (card === null) return;
    card.scrollIntoView({ block: 'start' });
    card.querySelector('input')?.focus({ preventScroll: true });
  }, [editing]);
  if (!coupons) return null;
  // A save closes the form that sent it and no other: the edit form belongs to the count of its
  // coupon's saves it was opened at, the new-coupon form to the count of creations. Derived while
  // rendering, not reset in an effect, which would remount the form just after hydration and drop
  // what the admin had already typed.
  const edited = editing !== null && editSaves === editing.openedAt ? (coupons.find((coupon) => coupon.code === editing.code) ?? null) : null;
  return (
    <>
      <MoneyStatus message={status} />
      <section aria-label="All coupons" className="coupon-list">
        {coupons.length === 0 ? (
          <p className="site-empty">No coupons yet. The December code is built in.</p>
        ) : (
          <div className="site-table-wrap">
            <table className="site-table money-table coupon-table">
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">For</th>
                  <th scope="col" className="numeric">
                    Off
                  </th>
                  <th scope="col">Valid</th>
                  <th scope="col" className="numeric">
                    Uses
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {coupons.map((coupon) => (
                  <CouponRow key={coupon.code} coupon={coupon} onEdit={(saves) => setEditing({ code: coupon.code, openedAt: saves })} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {edited && (
        <section aria-labelledby="coupon-edit" className="site-card money-form-card coupon-edit" ref={editCard}>
          <h2 id="coupon-edit">Edit {edited.code}</h2>
          <CouponForm key={`edit-${edited.code}`} editing={edited.code} initialValues={couponFormValues(edited)} onCancel={() => setEditing(null)} />
        </section>
      )}
      <section aria-labelledby="coupon-new" className="site-card money-form-card">
        <h2 id="coupon-new">New coupon</h2>
        <p className="muted">Codes are lowercased. A producer’s coupon takes at most 30% off their beats; a sitewide one up to 100%. Uses count when an order is paid.</p>
        <CouponForm key={`new-${created}`} editing={null} initialValues={{}} />
      </section>
    </>
  );
}
