import { useState } from 'react';
import { Form } from 'react-final-form';
import { is } from 'superstruct';
import { beatEditClosed, beatEditSubmitted, type StudioForm } from '../../../shared/features/studio/studioSlice';
import { BeatDetailsSchema, type StudioBeat } from '../../../shared/schemas/studio';
import { useAppDispatch } from '../../store/hooks';
import { ErrorBanner } from '../popup/Popup';
import { BeatDetailsFields } from './BeatDetailsFields';
import { beatFormErrors, type BeatFormValues, detailsOf, formValuesOf, offersStems } from './beatForm';

/** A beat's details, changed (PUT /studio/beats/:id): the upload's form without the files. */
export function EditBeatForm({ beat, form }: { beat: StudioBeat; form: StudioForm }) {
  const dispatch = useAppDispatch();
  const serverErrors = form.status === 'failed' ? form.errors : {};
  // Taken once: the list is read again every 2 s while a beat processes, and new initial values would reset what is typed.
  const [initialValues] = useState(() => formValuesOf(beat));
  return (
    <Form<BeatFormValues>
      initialValues={initialValues}
      validate={(values) => beatFormErrors(values, false, beat.hasStems)}
      onSubmit={(values) => {
        const details = detailsOf(values, offersStems(values, false, beat.hasStems));
        // `validate` has checked it already; this narrows it for the compiler.
        if (is(details, BeatDetailsSchema)) dispatch(beatEditSubmitted(beat.productId, details));
      }}
      render={({ handleSubmit }) => (
        <form className="page-form studio-form" onSubmit={handleSubmit} noValidate aria-label={`Edit ${beat.name}`}>
          {form.status === 'failed' && form.message && <ErrorBanner message={form.message} onDismiss={() => dispatch(beatEditClosed())} />}
          <fieldset className="studio-form__fields" disabled={form.status === 'sending'}>
            <BeatDetailsFields serverErrors={serverErrors} showStemsPrice={beat.hasStems} />
          </fieldset>
          <div className="studio-form__actions">
            <button type="submit" disabled={form.status === 'sending'}>
              {form.status === 'sending' ? 'Saving…' : 'Save'}
            </button>
            <button type="button" className="studio-button studio-button--quiet" onClick={() => dispatch(beatEditClosed())}>
              Cancel
            </button>
          </div>
        </form>
      )}
    />
  );
}
