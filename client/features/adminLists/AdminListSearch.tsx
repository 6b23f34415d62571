import type { FormEvent, ReactNode } from 'react';
import { navigationRequested, selectLocation } from '../../../shared/features/navigation/navigationSlice';
import { selectRefusedSearch } from '../../../shared/features/adminLists/adminListsSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';

/** A search field of a list: its query key, label, and kind. */
export type SearchField =
  | { name: string; label: string; kind: 'text'; placeholder: string }
  | { name: string; label: string; kind: 'date' }
  | { name: string; label: string; kind: 'select'; options: readonly { value: string; label: string }[] };

/**
 * A list's search, kept in the address (so a search is a link, and back goes to the last one):
 * submitting navigates to the page with the filled fields and page 1. The server checks them;
 * what it refused is said above the form.
 */
export function AdminListSearch({ label, fields, refused: ownRefusal }: { label: string; fields: readonly SearchField[]; refused?: string | null }) {
  const dispatch = useAppDispatch();
  const { pathname, search } = useAppSelector(selectLocation);
  const listRefusal = useAppSelector(selectRefusedSearch);
  // A page with a search of its own (the support console's) says its own refusal.
  const refused = ownRefusal === undefined ? listRefusal : ownRefusal;
  const current = new URLSearchParams(search);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === 'string' && value.trim() !== '') next.set(name, value.trim());
    const text = next.toString();
    dispatch(navigationRequested({ pathname, search: text ? `?${text}` : '', mode: 'push' }));
  };
  return (
    <>
      {refused && (
        <p className="admin-refused" role="alert">
          {refused}
        </p>
      )}
      {/* Keyed by the address, so the fields show the search the list is showing. */}
      <form key={search} className="admin-search" role="search" aria-label={label} onSubmit={submit}>
        {fields.map((field) => (
          <label key={field.name} className={`admin-search__field admin-search__field--${field.kind}`}>
            <span>{field.label}</span>
            {field.kind === 'select' ? (
              <select name={field.name} defaultValue={current.get(field.name) ?? ''}>
                <option value="">Any</option>
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                name={field.name}
                type={field.kind === 'date' ? 'date' : 'search'}
                defaultValue={current.get(field.name) ?? ''}
                placeholder={field.kind === 'text' ? field.placeholder : undefined}
                maxLength={field.kind === 'text' ? 100 : undefined}
              />
            )}
          </label>
        ))}
        <button type="submit" className="admin-search__submit">
          Search
        </button>
      </form>
    </>
  );
}

/** The count found and links to the pages before and after, keeping the search. */
export function AdminPager({ total, page, pageSize, noun }: { total: number; page: number; pageSize: number; noun: string }) {
  const { pathname, search } = useAppSelector(selectLocation);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const hrefFor = (target: number) => {
    const query = new URLSearchParams(search);
    if (target === 1) query.delete('page');
    else query.set('page', String(target));
    const text = query.toString();
    return `${pathname}${text ? `?${text}` : ''}`;
  };
  return (
    <nav className="admin-pager" aria-label="Pages">
      <span>{`${total} ${noun}${total === 1 ? '' : 's'} found · page ${page} of ${pages}`}</span>
      {page > 1 && <Link href={hrefFor(Math.min(page - 1, pages))}>Previous page</Link>}
      {page < pages && <Link href={hrefFor(page + 1)}>Next page</Link>}
    </nav>
  );
}

/** A table of a list; the first column names the row and links its detail. */
export function AdminTable({
  caption,
  head,
  children,
  wide = false,
}: {
  caption: string;
  head: readonly (string | { label: string; numeric: true })[];
  children: ReactNode;
  /** A list's table keeps its columns on a phone and scrolls sideways; a detail's small tables fit as they are. */
  wide?: boolean;
}) {
  return (
    <div className="site-table-wrap">
      <table className={wide ? 'site-table admin-table admin-table--wide' : 'site-table admin-table'}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.label} scope="col" className="numeric">
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
