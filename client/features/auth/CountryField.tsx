import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { Field } from 'react-final-form';
import { FieldShell } from './fields';

/** SPEC §9: the country list shows at most this many options. */
const OPTIONS_LIMIT = 1000;

/**
 * SPEC §2: a searchable dropdown of the countries from /countries that opens upward (the field
 * sits at the bottom of the registration form). A combobox with a listbox, keyboard-operable.
 */
export function CountryField({ countries, serverError }: { countries: readonly string[]; serverError?: string | null }) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  return (
    <Field<string> name="country">
      {({ input, meta }) => {
        const error = ((meta.touched || meta.submitFailed) && typeof meta.error === 'string' ? meta.error : null) ?? serverError ?? null;
        const choose = (name: string) => {
          input.onChange(name);
          setOpen(false);
        };
        return (
          <FieldShell label="Country" error={error}>
            {({ id, describedBy }) => (
              <CountryCombobox
                id={id}
                describedBy={describedBy}
                listId={listId}
                value={input.value ?? ''}
                countries={countries}
                open={open}
                active={active}
                invalid={Boolean(error)}
                onType={(text) => {
                  input.onChange(text);
                  setOpen(true);
                  setActive(0);
                }}
                onOpen={setOpen}
                onActive={setActive}
                onChoose={choose}
                onBlur={() => {
                  setOpen(false);
                  input.onBlur();
                }}
              />
            )}
          </FieldShell>
        );
      }}
    </Field>
  );
}

function CountryCombobox(props: {
  id: string;
  describedBy?: string;
  listId: string;
  value: string;
  countries: readonly string[];
  open: boolean;
  active: number;
  invalid: boolean;
  onType: (text: string) => void;
  onOpen: (open: boolean) => void;
  onActive: (index: number) => void;
  onChoose: (name: string) => void;
  onBlur: () => void;
}) {
  const { value, countries, open, active } = props;
  const matches = useMemo(() => {
    const wanted = value.trim().toLowerCase();
    return countries.filter((name) => name.toLowerCase().includes(wanted)).slice(0, OPTIONS_LIMIT);
  }, [countries, value]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) props.onOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      props.onActive(Math.max(0, Math.min(matches.length - 1, active + step)));
    } else if (event.key === 'Enter' && open && matches[active]) {
      // Picks the option instead of submitting the form.
      event.preventDefault();
      props.onChoose(matches[active]);
    } else if (event.key === 'Escape' && open) {
      // Closes the list only, not the whole popup.
      event.stopPropagation();
      props.onOpen(false);
    }
  };

  return (
    <div className="combobox">
      <input
        id={props.id}
        role="combobox"
        aria-expanded={open}
        aria-controls={props.listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? `${props.listId}-${active}` : undefined}
        aria-invalid={props.invalid}
        aria-describedby={props.describedBy}
        autoComplete="off"
        value={value}
        onChange={(event) => props.onType(event.target.value)}
        onFocus={() => props.onOpen(true)}
        onBlur={props.onBlur}
        onKeyDown={onKeyDown}
      />
      {open && matches.length > 0 && (
        <ul className="combobox__list" id={props.listId} role="listbox" aria-label="Countries">
          {matches.map((name, index) => (
            <li
              key={name}
              id={`${props.listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // mousedown, not click: it comes before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                props.onChoose(name);
              }}
            >
              {name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
