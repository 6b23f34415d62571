import { Field } from 'react-final-form';
import { FieldShell } from '../auth/fields';

const shownError = (meta: { touched?: boolean; submitFailed?: boolean; error?: unknown }) =>
  (meta.touched || meta.submitFailed) && typeof meta.error === 'string' ? meta.error : null;

/** A labelled multi-line input, its error shown once touched or submitted. */
export function TextAreaField({ name, label, rows = 6 }: { name: string; label: string; rows?: number }) {
  return (
    <Field name={name}>
      {({ input, meta }) => {
        const error = shownError(meta);
        return (
          <FieldShell label={label} error={error}>
            {({ id, describedBy }) => <textarea {...input} id={id} rows={rows} aria-invalid={Boolean(error)} aria-describedby={describedBy} />}
          </FieldShell>
        );
      }}
    </Field>
  );
}

/** A labelled select with a disabled placeholder first, so nothing is chosen by accident. */
export function SelectField({ name, label, placeholder, options }: {
  name: string;
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Field name={name}>
      {({ input, meta }) => {
        const error = shownError(meta);
        return (
          <FieldShell label={label} error={error}>
            {({ id, describedBy }) => (
              <select {...input} id={id} aria-invalid={Boolean(error)} aria-describedby={describedBy}>
                <option value="" disabled>
                  {placeholder}
                </option>
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </FieldShell>
        );
      }}
    </Field>
  );
}

/** The form's outcome: a dismissible error from the server, or the confirmation once sent. */
export function FormStatus({ error, onDismiss }: { error: string | null; onDismiss: () => void }) {
  if (!error) return null;
  return (
    <div className="error-banner" role="alert">
      <span>{error}</span>
      <button type="button" aria-label="Dismiss error" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
