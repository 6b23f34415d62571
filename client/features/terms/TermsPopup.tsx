import { useCallback, useRef } from 'react';
import { termsAndConditions } from '../../../shared/content/termsAndConditions';
import { Popup } from '../popup/Popup';
import { TermsContent } from './TermsContent';

export const TERMS_REQUIRED_TEXT = 'You must read and agree to the Terms & Conditions in order to proceed';

/**
 * The terms as a popup (opened from the registration form). Back, Escape and the close icon all
 * call onBack.
 */
export function TermsPopup({ onBack }: { onBack: () => void }) {
  // Popup re-runs its focus effect whenever onClose changes; keep it stable across renders.
  const latest = useRef(onBack);
  latest.current = onBack;
  const close = useCallback(() => latest.current(), []);
  return (
    <Popup title={termsAndConditions.title} onClose={close}>
      <p className="terms-popup__lead">{TERMS_REQUIRED_TEXT}</p>
      <div className="terms-popup__body" tabIndex={0} role="region" aria-label="Terms & Conditions text">
        <TermsContent headingLevel={3} />
      </div>
      <div className="popup__actions">
        <button type="button" className="button" onClick={close}>
          Back
        </button>
      </div>
    </Popup>
  );
}
