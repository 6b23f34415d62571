import { useState } from 'react';
import { couponExpireRequested, selectCoupons, selectIsBusy, selectMoneyStatus, selectSavedCoupons } from '../../../shared/features/money/moneySlice';
import type { AdminCoupon } from '../../../shared/schemas/coupons';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatDate } from '../sites/formatting';
import { CouponForm, couponFormValues } from './CouponForm';
import { MoneyStatus } from './MoneyStatus';

const lastDay = (coupon: AdminCoupon) => formatDate(new Date(Math.max(Date.parse(coupon.validUntil) - 1, Date.parse(coupon.validFrom))).toISOString());

function CouponRow({ coupon, onEdit }: { coupon: AdminCoupon; onEdit: () => void }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => selectIsBusy(state, `coupon:${coupon.code}`));
  return (
    <tr>
      <th scope="row">{coupon.code}</th>
      <td>{coupon.producerId === null ? 'Sitewide' : (coupon.producerName ?? `Producer ${coupon.producerId}`)}</td>
      <td className="numeric">{coupon.percentage}%</td>
      <td>
        {formatDate(coupon.validFrom)} – {lastDay(coupon)}
      </td>
      <td className="numeric">{coupon.usageLimit === null ? coupon.usageCount : `${coupon.usageCount} / ${coupon.usageLimit}`}</td>
      <td>
        <span className="status-tag" data-status={coupon.active ? 'listed' : 'cancelled'}>
          {coupon.active ? 'Active' : 'Inactive'}
        </span>
      </td>
      <td className="money-actions">
        <button type="button" className="decision" onClick={onEdit} aria-label={`Edit ${coupon.code}`}>
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
  const saved = useAppSelector(selectSavedCoupons);
  // A saved coupon closes the edit form and empties the new one: both forms belong to the count of
  // saves they were opened at. Derived while rendering, not reset in an effect, which would remount
  // the new-coupon form just after hydration and drop what the admin had already typed.
  const [editing, setEditing] = useState<{ code: string; openedAtSave: number } | null>(null);
  if (!coupons) return null;
  const edited = editing !== null && editing.openedAtSave === saved ? (coupons.find((coupon) => coupon.code === editing.code) ?? null) : null;
  return (
    <>
      <MoneyStatus message={status} />
      <section aria-label="All coupons">
        {coupons.length === 0 ? (
          <p className="site-empty">No coupons yet. The December code is built in.</p>
        ) : (
          <div className="site-table-wrap">
            <table className="site-table money-table">
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
                  <CouponRow key={coupon.code} coupon={coupon} onEdit={() => setEditing({ code: coupon.code, openedAtSave: saved })} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {edited && (
        <section aria-labelledby="coupon-edit" className="site-card money-form-card">
          <h2 id="coupon-edit">Edit {edited.code}</h2>
          <CouponForm key={`edit-${edited.code}`} editing={edited.code} initialValues={couponFormValues(edited)} onCancel={() => setEditing(null)} />
        </section>
      )}
      <section aria-labelledby="coupon-new" className="site-card money-form-card">
        <h2 id="coupon-new">New coupon</h2>
        <p className="muted">Codes are lowercased. A producer’s coupon takes at most 30% off their beats; a sitewide one up to 100%. Uses count when an order is paid.</p>
        <CouponForm key={`new-${saved}`} editing={null} initialValues={{}} />
      </section>
    </>
  );
}
