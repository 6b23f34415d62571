import { Field } from 'react-final-form';
import { FieldShell, shownError } from '../auth/fields';

/** A labelled multi-line input, its error shown once touched or submitted; `serverError` is the server's refusal of it. */
export function TextAreaField({ name, label, rows = 6, serverError }: { name: string; label: string; rows?: number; serverError?: string }) {
  return (
    <Field name={name}>
      {({ input, meta }) => {
        const error = shownError(meta) ?? serverError ?? null;
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
