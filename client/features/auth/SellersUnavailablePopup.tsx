import { useCallback } from 'react';
import { sellerSwitchedToBuyer } from '../../../sagas/auth/popupActions';
import { changeQueryRequested } from '../../../sagas/navigation/queryActions';
import { useAppDispatch } from '../../store/hooks';
import { Popup } from '../popup/Popup';

/** SPEC §2 "Sellers-unavailable popup". */
export function SellersUnavailablePopup() {
  const dispatch = useAppDispatch();
  const cancel = useCallback(() => dispatch(changeQueryRequested({ services: null })), [dispatch]);
  return (
    <Popup title="Custom order" onClose={cancel}>
      <p>Unfortunately, our services are not available to sellers</p>
      <div className="popup__actions">
        <button type="button" className="button" onClick={() => dispatch(sellerSwitchedToBuyer())}>
          Buyer log in
        </button>
        <button type="button" className="link-button" onClick={cancel}>
          Cancel
        </button>
      </div>
    </Popup>
  );
}
