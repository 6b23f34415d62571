import { COUNTRIES } from '../countries/countryList';
import type { Endpoint } from './endpoint';

export const countryEndpoints: Endpoint[] = [
  {
    method: 'GET',
    path: '/countries',
    access: 'anyone',
    async handle() {
      return { body: COUNTRIES };
    },
  },
];
