import { useCallback } from 'react';
import { Form } from 'react-final-form';
import { selectUser } from '../../../shared/features/auth/authSlice';
import { selectLocation } from '../../../shared/features/navigation/navigationSlice';
import { pageFormReset, reportFormSubmitted, selectPageForm } from '../../../shared/features/pages/pagesSlice';
import { openFrames } from '../../../shared/routes/popupQuery';
import { formErrors, REPORT_REASONS, type TrackReportRequest, TrackReportRequestSchema } from '../../../shared/schemas/pages';
import { REPORT_FRAME, reportPopupClosed, reportPopupOpened } from '../../../sagas/pages/pageSagas';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { TextField } from '../auth/fields';
import { CaptchaField } from '../captcha/CaptchaField';
import { ErrorBanner, Popup } from '../popup/Popup';
import { SelectField, TextAreaField } from './formFields';

export const REPORT_SENT = 'Thank you. Your report has been sent to our moderators, who will review the beat.';

interface ReportValues {
  reason?: string;
  details?: string;
  email?: string;
  captcha?: string;
}

/** SPEC §2 "report violation" popup, open while the URL's frame list names `report`. */
export function ReportPopup({ productId, productName }: { productId: number; productName: string }) {
  const dispatch = useAppDispatch();
  const form = useAppSelector((state) => selectPageForm(state, 'report'));
  const user = useAppSelector(selectUser);
  const close = useCallback(() => dispatch(reportPopupClosed()), [dispatch]);
  return (
    <Popup title="Report a violation" onClose={close}>
      {form.status === 'sent' ? (
        <div role="status">
          <p>{REPORT_SENT}</p>
          <button type="button" className="button report-done" onClick={close}>
            Done
          </button>
        </div>
      ) : (
        <Form<ReportValues>
          initialValues={{ reason: '', email: user?.email ?? '' }}
          onSubmit={({ captcha, ...values }) => void dispatch(reportFormSubmitted({ ...values, productId } as TrackReportRequest, captcha))}
          validate={(values) => formErrors({ ...values, productId }, TrackReportRequestSchema)}
          render={({ handleSubmit }) => (
            <form className="page-form" onSubmit={handleSubmit} noValidate>
              <p>{`Tell our moderators what is wrong with “${productName}”. Copyright owners: say which work of yours it copies.`}</p>
              {form.error && <ErrorBanner message={form.error} onDismiss={() => dispatch(pageFormReset('report'))} />}
              <SelectField name="reason" label="Reason" placeholder="Choose a reason" options={REPORT_REASONS} />
              <TextAreaField name="details" label="Details" rows={5} />
              <TextField name="email" label="Your email" type="email" autoComplete="email" />
              <CaptchaField pending={form.status === 'sending'} />
              <button type="submit" disabled={form.status === 'sending'}>
                {form.status === 'sending' ? 'Sending…' : 'Send report'}
              </button>
            </form>
          )}
        />
      )}
    </Popup>
  );
}

/** The 'Report a violation' button of a beat's page, and its popup. */
export function ReportViolation({ productId, productName }: { productId: number; productName: string }) {
  const dispatch = useAppDispatch();
  const open = openFrames(useAppSelector(selectLocation).search).includes(REPORT_FRAME);
  return (
    <>
      <button type="button" className="link-button report-violation" onClick={() => dispatch(reportPopupOpened())}>
        Report a violation
      </button>
      {open && <ReportPopup productId={productId} productName={productName} />}
    </>
  );
}
