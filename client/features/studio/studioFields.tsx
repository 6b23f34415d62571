import { type ReactNode, useId } from 'react';
import { Field } from 'react-final-form';
import { FieldShell, shownError } from '../auth/fields';

interface Option {
  value: string;
  label: string;
}

/** A labelled select; `serverError` is the server's refusal of this field, shown until the form is sent again. */
export function SelectInput({ name, label, options, serverError }: { name: string; label: string; options: readonly Option[]; serverError?: string }) {
  return (
    <Field name={name}>
      {({ input, meta }) => {
        const error = shownError(meta) ?? serverError ?? null;
        return (
          <FieldShell label={label} error={error}>
            {({ id, describedBy }) => (
              <select {...input} id={id} aria-invalid={Boolean(error)} aria-describedby={describedBy}>
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

/** Several choices of a list (genres, moods) as checkboxes in a fieldset, the message tied to the group. */
export function ChoiceGroup({ name, legend, options, serverError }: {
  name: string;
  legend: string;
  options: readonly { value: string; label: ReactNode }[];
  serverError?: string;
}) {
  const errorId = useId();
  return (
    <Field name={name} subscription={{ error: true, touched: true, submitFailed: true }}>
      {({ meta }) => {
        const error = shownError(meta) ?? serverError ?? null;
        return (
          <fieldset className="choice-group" aria-invalid={Boolean(error)} aria-describedby={error ? errorId : undefined}>
            <legend>{legend}</legend>
            <div className="choice-group__options">
              {options.map((option) => (
                <Field key={option.value} name={name} type="checkbox" value={option.value}>
                  {({ input }) => (
                    <label className="choice">
                      <input {...input} />
                      <span>{option.label}</span>
                    </label>
                  )}
                </Field>
              ))}
            </div>
            {error && (
              <span id={errorId} className="field__error">
                {error}
              </span>
            )}
          </fieldset>
        );
      }}
    </Field>
  );
}

/** A file input whose chosen file is the field's value (kept by the form, never by the store). */
export function FileInput({ name, label, accept, hint, serverError }: { name: string; label: string; accept: string; hint: string; serverError?: string }) {
  const hintId = useId();
  return (
    <Field<File | undefined> name={name}>
      {({ input, meta }) => {
        const error = shownError(meta) ?? serverError ?? null;
        return (
          <FieldShell label={label} error={error}>
            {({ id, describedBy }) => (
              <>
                <input
                  id={id}
                  type="file"
                  accept={accept}
                  name={input.name}
                  onBlur={() => input.onBlur()}
                  onChange={(event) => input.onChange(event.currentTarget.files?.[0])}
                  aria-invalid={Boolean(error)}
                  aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
                />
                <span id={hintId} className="field__hint">
                  {hint}
                </span>
              </>
            )}
          </FieldShell>
        );
      }}
    </Field>
  );
}
