import { string, type } from 'superstruct';
import { slicePersonalData } from '../../actionLog/personalData';
import { AdminOrderQuerySchema, AdminPeopleQuerySchema } from '../../schemas/adminLists';
import { personalFieldNames, personalParts, REDACTED } from '../../schemas/personal';
import { SupportSearchQuerySchema } from '../../schemas/support';
import navigationSlice from './navigationSlice';

/** Query parameters the search forms of the admin site and the support console fill with a name or an address. */
const PERSONAL_PARAMETERS = new Set([AdminPeopleQuerySchema, AdminOrderQuerySchema, SupportSearchQuerySchema].flatMap(personalFieldNames));

/** A query string with its personal parameters' values redacted; untouched when it has none. */
function scrubQuery(value: unknown): unknown {
  if (typeof value !== 'string' || value === '') return value;
  const parameters = new URLSearchParams(value);
  const personalOnes = [...parameters.keys()].filter((name) => PERSONAL_PARAMETERS.has(name));
  if (personalOnes.length === 0) return value;
  for (const name of personalOnes) parameters.set(name, REDACTED);
  return `${value.startsWith('?') ? '?' : ''}${parameters.toString()}`;
}

const Search = personalParts(string(), scrubQuery);

/** The page's address: what an admin or support searched for by name or email. */
export const navigationPersonalData = slicePersonalData(navigationSlice, {
  state: { search: Search, pending: type({ search: Search }) },
  actions: { navigationRequested: type({ search: Search }), navigationArrived: type({ search: Search }) },
});
