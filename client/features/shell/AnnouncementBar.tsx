import { selectSale } from '../../../shared/features/shell/shellSlice';
import { couponCopyRequested } from '../../../sagas/shell/couponCopySaga';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

/** SPEC §1: the sitewide sale (1–31 December, by the server's clock); a click copies the coupon code. */
export function AnnouncementBar() {
  const dispatch = useAppDispatch();
  const sale = useAppSelector(selectSale);
  if (!sale) return null;
  return (
    <aside className="announcement-bar" aria-label="Sale">
      <button type="button" className="announcement-bar__button" onClick={() => dispatch(couponCopyRequested(sale.couponCode))}>
        <span>{`${sale.percent}% off everything until 31 December with coupon code `}</span>
        <strong className="announcement-bar__code">{sale.couponCode}</strong>
        <span className="announcement-bar__hint"> · click to copy</span>
      </button>
    </aside>
  );
}
