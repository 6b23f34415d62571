import { type ReactNode, useId, useState } from 'react';
import { Field } from 'react-final-form';

/** Label, control and error, with the error tied to the control for screen readers. */
export function FieldShell({ label, error, children }: { label: string; error?: string | null; children: (ids: { id: string; describedBy?: string }) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, describedBy: error ? errorId : undefined })}
      {error && (
        <span id={errorId} className="field__error">
          {error}
        </span>
      )}
    </div>
  );
}

/** A field's own validation error, once the field was touched or the form was submitted. */
export const shownError = (meta: { touched?: boolean; submitFailed?: boolean; error?: unknown }) =>
  (meta.touched || meta.submitFailed) && typeof meta.error === 'string' ? meta.error : null;

/** A labelled input whose error shows once the field was touched or the form was submitted. */
export function TextField({ name, label, type = 'text', autoComplete, placeholder, serverError }: {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  /** The server's refusal, shown under the field until the form is sent again. */
  serverError?: string | null;
}) {
  return (
    <Field name={name}>
      {({ input, meta }) => {
        const error = shownError(meta) ?? serverError ?? null;
        return (
          <FieldShell label={label} error={error}>
            {({ id, describedBy }) => (
              <input
                {...input}
                id={id}
                type={type}
                autoComplete={autoComplete}
                placeholder={placeholder}
                aria-invalid={Boolean(error)}
                aria-describedby={describedBy}
              />
            )}
          </FieldShell>
        );
      }}
    </Field>
  );
}

/** A password input with its show/hide toggle; a server message shows under it too. */
export function PasswordField({ name, label, serverError, autoComplete = 'current-password' }: {
  name: string;
  label: string;
  serverError?: string | null;
  autoComplete?: string;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <Field name={name}>
      {({ input, meta }) => {
        const error = shownError(meta) ?? serverError ?? null;
        return (
          <FieldShell label={label} error={error}>
            {({ id, describedBy }) => (
              <span className="field__password">
                <input
                  {...input}
                  id={id}
                  type={visible ? 'text' : 'password'}
                  autoComplete={autoComplete}
                  aria-invalid={Boolean(error)}
                  aria-describedby={describedBy}
                />
                <button type="button" onClick={() => setVisible(!visible)} aria-label={visible ? `Hide ${label}` : `Show ${label}`}>
                  {visible ? 'Hide' : 'Show'}
                </button>
              </span>
            )}
          </FieldShell>
        );
      }}
    </Field>
  );
}
