import type {} from 'altcha/types/react';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { Field } from 'react-final-form';
import { CAPTCHA_CHALLENGE_PATH } from '../../../shared/api/captcha';
import { API_PREFIX } from '../../../shared/domain/constants';
import { selectCaptchaEnabled } from '../../../shared/features/config/configSlice';
import { useAppSelector } from '../../store/hooks';
import { shownError } from '../auth/fields';

const CAPTCHA_REQUIRED = 'Please confirm that you are not a robot';

/**
 * Defines the `<altcha-widget>` element. The browser entry provides the real loader (a chunk of
 * its own); the server render and component tests have none, and there the element stays inert.
 */
export const CaptchaWidgetLoader = createContext<() => Promise<unknown>>(async () => undefined);

/** English like the rest of the forms; no links to another site, and no pointer or scroll data collected. */
const WIDGET_CONFIGURATION = JSON.stringify({ hideFooter: true, hideLogo: true, humanInteractionSignature: false });

/**
 * The robot check of a form: the widget solves a proof-of-work challenge from our server as soon
 * as the visitor is in the form (or when they tick "I'm not a robot"), and its payload becomes
 * the form's `captcha` value, which the submitting saga sends in the Altcha header. A challenge is
 * good for one request, so each finished request (`pending` back to false) brings a fresh widget.
 * Nothing shows while the server has the captcha off.
 */
export function CaptchaField({ pending }: { pending: boolean }) {
  const enabled = useAppSelector(selectCaptchaEnabled);
  const renewals = useRenewals(pending);
  if (!enabled) return null;
  return (
    <Field<string> name="captcha" validate={(value) => (value ? undefined : CAPTCHA_REQUIRED)}>
      {({ input, meta }) => {
        const error = shownError(meta);
        return (
          <div className="field captcha-field">
            <CaptchaWidget key={renewals} onPayload={input.onChange} />
            {error && <span className="field__error">{error}</span>}
          </div>
        );
      }}
    </Field>
  );
}

function CaptchaWidget({ onPayload }: { onPayload: (payload: string | undefined) => void }) {
  const load = useContext(CaptchaWidgetLoader);
  const widget = useRef<HTMLElement>(null);
  const report = useRef(onPayload);
  report.current = onPayload;
  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    report.current(undefined);
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string | null }>).detail;
      report.current(state === 'verified' && payload ? payload : undefined);
    };
    element.addEventListener('statechange', onStateChange);
    void load();
    return () => element.removeEventListener('statechange', onStateChange);
  }, [load]);
  return (
    <altcha-widget
      ref={widget}
      challenge={`${API_PREFIX}${CAPTCHA_CHALLENGE_PATH}`}
      auto="onfocus"
      language="en"
      configuration={WIDGET_CONFIGURATION}
    />
  );
}

/** Counts the requests that finished: `pending` going from true to false. */
function useRenewals(pending: boolean): number {
  const [renewals, setRenewals] = useState(0);
  const wasPending = useRef(pending);
  useEffect(() => {
    if (wasPending.current && !pending) setRenewals((count) => count + 1);
    wasPending.current = pending;
  }, [pending]);
  return renewals;
}
