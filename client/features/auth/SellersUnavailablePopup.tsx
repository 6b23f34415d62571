import { useCallback } from 'react';
import { selectServicesRefusal, servicesRefusalClosed } from '../../../shared/features/auth/authSlice';
import { selectLocation } from '../../../shared/features/navigation/navigationSlice';
import { sellerSwitchedToBuyer } from '../../../sagas/auth/popupActions';
import { changeQueryRequested } from '../../../sagas/navigation/queryActions';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Popup } from '../popup/Popup';

/**
 * SPEC §2 "Sellers-unavailable popup": opened by the `services` key (a seller's Custom order) or,
 * once, after a seller logged in from Custom order (the login took the key away).
 */
export function SellersUnavailablePopup() {
  const dispatch = useAppDispatch();
  const { search } = useAppSelector(selectLocation);
  const refusal = useAppSelector(selectServicesRefusal);
  const inUrl = new URLSearchParams(search).has('services');
  const cancel = useCallback(() => {
    if (refusal !== null) dispatch(servicesRefusalClosed());
    if (inUrl) dispatch(changeQueryRequested({ services: null }));
  }, [dispatch, inUrl, refusal]);
  return (
    <Popup title="Custom order" onClose={cancel}>
      <p>Unfortunately, our services are not available to sellers</p>
      <div className="popup__actions">
        <button type="button" className="button" onClick={() => dispatch(sellerSwitchedToBuyer(refusal))}>
          Buyer log in
        </button>
        <button type="button" className="link-button" onClick={cancel}>
          Cancel
        </button>
      </div>
    </Popup>
  );
}
