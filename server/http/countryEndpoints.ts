import { COUNTRIES } from '../countries/countryList';
import type { Endpoint } from './endpoint';

export const countryEndpoints: Endpoint[] = [
  {
    method: 'GET',
    path: '/countries',
    async handle() {
      return { body: COUNTRIES };
    },
  },
];
