import { ACCOUNT_PROFILE_PATH } from '../../../shared/domain/auth/userMenus';
import { formatUsd } from '../../../shared/domain/money';
import { selectProducerCustomOrders } from '../../../shared/features/customOrders/customOrdersSlice';
import {
  offerEditOpened,
  offerWithdrawalAsked,
  offerWithdrawalConfirmed,
  offerWithdrawalDropped,
  type ProducerOffersState,
  selectMyOffers,
  selectOfferEditing,
  selectOfferWithdrawal,
} from '../../../shared/features/producerOffers/producerOffersSlice';
import { OFFER_LIMITS, type ProducerOffer } from '../../../shared/schemas/producerOffers';
import { embeddedSitePath } from '../../../shared/sites/siteLinks';
import { CUSTOM_SERVICES_PATH } from '../../../shared/sites/siteRoutes';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CustomOrderList } from '../customOrders/CustomOrderList';
import { Link } from '../navigation/Link';
import { useSiteHref } from '../sites/useSiteHref';
import { VERIFICATION_NEEDED } from '../studio/MyBeatsPage';
import { EditOfferForm, NewOfferForm } from './OfferForms';

const orderHref = (id: string) => embeddedSitePath('dashboard', `${CUSTOM_SERVICES_PATH}/${id}`);
const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** Asks before an offer leaves the producer's page: buyers can no longer order it. */
function WithdrawalConfirm({ offer, withdrawal }: { offer: ProducerOffer; withdrawal: NonNullable<ProducerOffersState['withdrawal']> }) {
  const dispatch = useAppDispatch();
  const withdrawing = withdrawal.status === 'withdrawing';
  return (
    <div className="studio-beat__confirm" role="alertdialog" aria-label={`Withdraw ${offer.name}?`}>
      <p>Withdraw {offer.name}? It leaves your page at once, and buyers can no longer order it.</p>
      {withdrawal.status === 'failed' && <p className="field__error">{withdrawal.message}</p>}
      <div className="studio-form__actions">
        <button type="button" className="studio-button studio-button--danger" disabled={withdrawing} onClick={() => dispatch(offerWithdrawalConfirmed(offer.id))}>
          {withdrawing ? 'Withdrawing…' : 'Yes, withdraw'}
        </button>
        <button type="button" className="studio-button studio-button--quiet" onClick={() => dispatch(offerWithdrawalDropped())}>
          Keep it
        </button>
      </div>
    </div>
  );
}

function OfferRow({ offer }: { offer: ProducerOffer }) {
  const dispatch = useAppDispatch();
  const editing = useAppSelector(selectOfferEditing);
  const withdrawal = useAppSelector(selectOfferWithdrawal);
  const isEditing = editing?.offerId === offer.id;
  return (
    <li className="site-card studio-beat" aria-label={offer.name}>
      <div className="studio-offer__row">
        <div className="studio-beat__main">
          <span className="studio-beat__name">{offer.name}</span>
          <span className="studio-beat__meta">
            <span>{formatUsd(offer.price)}</span>
            <span>{days(offer.deliveryDays)}</span>
          </span>
        </div>
        <div className="studio-beat__actions">
          {!isEditing && (
            <button type="button" className="studio-button" aria-label={`Edit ${offer.name}`} onClick={() => dispatch(offerEditOpened(offer.id))}>
              Edit
            </button>
          )}
          <button type="button" className="studio-button studio-button--quiet" aria-label={`Withdraw ${offer.name}`} onClick={() => dispatch(offerWithdrawalAsked(offer.id))}>
            Withdraw
          </button>
        </div>
      </div>
      {!isEditing && <p className="studio-offer__description">{offer.description}</p>}
      {withdrawal?.offerId === offer.id && <WithdrawalConfirm offer={offer} withdrawal={withdrawal} />}
      {isEditing && <EditOfferForm offer={offer} form={editing} />}
    </li>
  );
}

/**
 * `Custom services` (`/dashboard/custom-services`): a verified producer's own services on their
 * page, a form to offer another, and the orders buyers placed for them; before verification,
 * SPEC §2's line and the way to Account, as on My beats.
 */
export function CustomServicesPage() {
  const mine = useAppSelector(selectMyOffers);
  const orders = useAppSelector(selectProducerCustomOrders);
  const href = useSiteHref();
  if (!mine) return null;
  if (!mine.verified) {
    return (
      <div className="site-card studio-notice">
        <p>{VERIFICATION_NEEDED}</p>
        <Link href={href({ site: 'dashboard', path: ACCOUNT_PROFILE_PATH })} className="studio-button">
          Go to Account
        </Link>
      </div>
    );
  }
  const full = mine.offers.length >= OFFER_LIMITS.perProducer;
  return (
    <>
      <section aria-labelledby="my-offers">
        <h2 id="my-offers">Your services</h2>
        {mine.offers.length === 0 ? (
          <p className="site-empty">You offer no services yet. Those you offer are listed on your page, where buyers order them.</p>
        ) : (
          <ul className="site-list">
            {mine.offers.map((offer) => (
              <OfferRow key={offer.id} offer={offer} />
            ))}
          </ul>
        )}
      </section>
      {full ? (
        <p className="site-empty">
          Your page holds at most {OFFER_LIMITS.perProducer} services; withdraw one to offer another.
        </p>
      ) : (
        <NewOfferForm />
      )}
      <section aria-labelledby="offer-orders">
        <h2 id="offer-orders">Orders for your services</h2>
        {!orders || orders.length === 0 ? (
          <p className="site-empty">No orders for your services yet.</p>
        ) : (
          <CustomOrderList orders={orders} hrefOf={orderHref} parties={['buyer']} />
        )}
      </section>
    </>
  );
}
