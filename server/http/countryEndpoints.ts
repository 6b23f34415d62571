import { COUNTRIES } from '../countries/countryList';
import { defineEndpoint, type Endpoint } from './endpoint';

export const countryEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/countries',
    access: 'anyone',
    input: {},
    async handle() {
      return { body: COUNTRIES };
    },
  }),
];
