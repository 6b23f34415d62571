import { useContext, useRef } from 'react';
import { Form } from 'react-final-form';
import { beatUploadCancelled, beatUploadRequested, selectBeatUpload, uploadFormClosed } from '../../../shared/features/studio/studioSlice';
import { is } from 'superstruct';
import { BeatDetailsSchema } from '../../../shared/schemas/studio';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ErrorBanner } from '../popup/Popup';
import { BeatDetailsFields } from './BeatDetailsFields';
import { beatFormErrors, type BeatFormValues, detailsOf, FILE_RULES, filesOf, NEW_BEAT, offersStems } from './beatForm';
import { BeatUploaderContext } from './beatUploaderContext';
import { FileInput } from './studioFields';

/** How much of the upload has left the browser; Cancel aborts it. */
function UploadProgress({ name, percent, onCancel }: { name: string; percent: number; onCancel: () => void }) {
  return (
    <div className="upload-progress" role="status">
      <span>
        Uploading {name}… {percent}%
      </span>
      {/* A native progress bar: its fill needs no style attribute, which a strict style-src (the replayed frame) refuses. */}
      <progress className="upload-progress__bar" aria-label={`Uploading ${name}`} max={100} value={percent} />
      <button type="button" className="studio-button studio-button--quiet" onClick={onCancel}>
        Cancel upload
      </button>
    </div>
  );
}

/**
 * `My beats` → Upload a beat: the details (checked with BeatDetailsSchema before sending), the
 * master, an optional cover and stems. The files go to the upload transport under an upload id;
 * the saga sends them (multipart, with progress) and the list then shows the beat processing.
 */
export function UploadBeatForm() {
  const dispatch = useAppDispatch();
  const upload = useAppSelector(selectBeatUpload);
  const uploader = useContext(BeatUploaderContext);
  const uploads = useRef(0);
  const uploading = upload?.status === 'uploading';
  const serverErrors = upload?.status === 'failed' ? upload.errors : {};
  return (
    <Form<BeatFormValues>
      initialValues={NEW_BEAT}
      validate={(values) => beatFormErrors(values, true)}
      onSubmit={(values) => {
        const files = filesOf(values);
        const details = detailsOf(values, offersStems(values, true));
        // `validate` has checked both already; this narrows them for the compiler.
        if (!files || !is(details, BeatDetailsSchema)) return;
        uploads.current += 1;
        const uploadId = `upload-${Date.now()}-${uploads.current}`;
        uploader?.hold(uploadId, files);
        dispatch(beatUploadRequested(uploadId, details));
      }}
      render={({ handleSubmit, values }) => (
        <form className="page-form studio-form site-card" onSubmit={handleSubmit} noValidate aria-label="Upload a beat">
          <h2>Upload a beat</h2>
          {upload?.status === 'failed' && upload.message && <ErrorBanner message={upload.message} onDismiss={() => dispatch(beatUploadCancelled({ uploadId: upload.uploadId }))} />}
          <fieldset className="studio-form__fields" disabled={uploading}>
            <FileInput name="master" label="Master" accept={FILE_RULES.master.accept} hint="WAV, AIFF, FLAC or MP3, up to 300 MB" serverError={serverErrors.master} />
            <BeatDetailsFields serverErrors={serverErrors} showStemsPrice={values.stems !== undefined} />
            <div className="studio-form__row">
              <FileInput name="cover" label="Cover image (optional)" accept={FILE_RULES.cover.accept} hint="JPEG, PNG or WebP, at least 1000 px square" serverError={serverErrors.cover} />
              <FileInput name="stems" label="Stems (optional)" accept={FILE_RULES.stems.accept} hint="A .zip of the stems or the project" serverError={serverErrors.stems} />
            </div>
          </fieldset>
          {uploading ? (
            <UploadProgress name={upload.name} percent={upload.percent} onCancel={() => dispatch(beatUploadCancelled({ uploadId: upload.uploadId }))} />
          ) : (
            <div className="studio-form__actions">
              <button type="submit">Upload</button>
              <button type="button" className="studio-button studio-button--quiet" onClick={() => dispatch(uploadFormClosed())}>
                Close
              </button>
            </div>
          )}
        </form>
      )}
    />
  );
}
