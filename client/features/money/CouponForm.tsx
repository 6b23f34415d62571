import { Form } from 'react-final-form';
import { type AdminCoupon, couponFormErrors, CouponTermsSchema, NewCouponSchema } from '../../../shared/schemas/coupons';
import { COUPON_CREATE_KEY, couponEditKey, type CouponSave, couponSaveRequested, selectIsBusy } from '../../../shared/features/money/moneySlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { TextField } from '../auth/fields';

/** The form's values, as typed: every input is text. */
export interface CouponFormValues {
  code?: string;
  producerId?: string;
  percentage?: string;
  validFrom?: string;
  validUntil?: string;
  usageLimit?: string;
}

const optionalNumber = (text: string | undefined) => (text === undefined || text.trim() === '' ? null : Number(text));

/** What the API takes: numbers, and null for "none". */
function terms(values: CouponFormValues) {
  return {
    producerId: optionalNumber(values.producerId),
    percentage: optionalNumber(values.percentage) ?? Number.NaN,
    validFrom: values.validFrom ?? '',
    validUntil: values.validUntil ?? '',
    usageLimit: optionalNumber(values.usageLimit),
  };
}

/** An existing coupon in the form: its window's last day is the day before the moment it stops. */
export const couponFormValues = (coupon: AdminCoupon): CouponFormValues => ({
  producerId: coupon.producerId === null ? '' : String(coupon.producerId),
  percentage: String(coupon.percentage),
  validFrom: coupon.validFrom.slice(0, 10),
  validUntil: new Date(Math.max(Date.parse(coupon.validUntil) - 1, Date.parse(coupon.validFrom))).toISOString().slice(0, 10),
  usageLimit: coupon.usageLimit === null ? '' : String(coupon.usageLimit),
});



/**
 * Create a coupon (`code` absent from `editing`) or change one's terms. Checked by the server's
 * own rules (SPEC §5 lowercasing, SPEC §9's 30% cap for a producer's coupon) before it is sent.
 */
export function CouponForm({ editing, initialValues, onCancel }: { editing: string | null; initialValues: CouponFormValues; onCancel?: () => void }) {
  const dispatch = useAppDispatch();
  const save = (values: CouponFormValues): CouponSave =>
    editing === null ? { kind: 'create', coupon: { code: values.code ?? '', ...terms(values) } } : { kind: 'change', code: editing, terms: terms(values) };
  const busy = useAppSelector((state) => selectIsBusy(state, editing === null ? COUPON_CREATE_KEY : couponEditKey(editing)));
  const label = editing === null ? 'New coupon' : `Edit coupon ${editing}`;
  return (
    <Form<CouponFormValues>
      onSubmit={(values) => void dispatch(couponSaveRequested(save(values)))}
      initialValues={initialValues}
      validate={(values) => {
        const request = save(values);
        return request.kind === 'create' ? couponFormErrors(request.coupon, NewCouponSchema) : couponFormErrors(request.terms, CouponTermsSchema);
      }}
      render={({ handleSubmit }) => (
        <form className="page-form coupon-form" onSubmit={handleSubmit} noValidate aria-label={label}>
          {editing === null && <TextField name="code" label="Code" autoComplete="off" placeholder="e.g. spring20" />}
          <TextField name="producerId" label="Producer id (empty: sitewide)" type="number" />
          <TextField name="percentage" label="Percentage off" type="number" />
          <div className="coupon-form__window">
            <TextField name="validFrom" label="Valid from" type="date" />
            <TextField name="validUntil" label="Valid until (last day)" type="date" />
          </div>
          <TextField name="usageLimit" label="Usage limit (empty: none)" type="number" />
          <div className="decisions__buttons">
            <button type="submit" disabled={busy}>
              {editing === null ? 'Create coupon' : 'Save changes'}
            </button>
            {onCancel && (
              <button type="button" className="decision" onClick={onCancel}>
                Cancel
              </button>
            )}
          </div>
        </form>
      )}
    />
  );
}

