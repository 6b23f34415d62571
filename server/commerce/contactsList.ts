import { csvLine } from '../csv';

const ROLES = ['A&R', 'Label manager', 'Promoter', 'Booking agent', 'Radio host', 'Blog editor', 'Playlist curator', 'Manager'];
const CITIES = ['Berlin', 'Amsterdam', 'London', 'Los Angeles', 'Miami', 'Ibiza', 'Toronto', 'Sydney', 'Paris', 'Stockholm', 'Tokyo', 'Lisbon'];
const FIRST = ['Alex', 'Sam', 'Jordan', 'Robin', 'Kim', 'Noa', 'Luca', 'Mia', 'Eli', 'Zoe', 'Theo', 'Ines', 'Ravi', 'Lena', 'Omar', 'Ada'];
const LAST = ['Berg', 'Cole', 'Diaz', 'Eklund', 'Fox', 'Grant', 'Hale', 'Ito', 'Jansen', 'Klein', 'Lopez', 'Moreau', 'Novak', 'Okafor', 'Park', 'Quinn'];

/** SPEC §9 "over 2300" contacts. */
export const CONTACT_COUNT = 2347;

/**
 * The EDM contacts list as CSV. The demo shop's list is generated (the same on every machine),
 * with addresses under example.com, which is reserved and never delivers mail.
 */
export function edmContactsCsv(): string {
  const rows = [['name', 'role', 'company', 'city', 'email', 'website']];
  for (let index = 0; index < CONTACT_COUNT; index++) {
    const first = FIRST[index % FIRST.length]!;
    const last = LAST[Math.floor(index / FIRST.length) % LAST.length]!;
    const company = `${LAST[(index * 7) % LAST.length]} ${['Records', 'Music', 'Sound', 'Collective', 'Radio'][index % 5]}`;
    const slug = company.toLowerCase().replace(/[^a-z0-9]+/g, '');
    rows.push([
      `${first} ${last}`,
      ROLES[(index * 3) % ROLES.length]!,
      company,
      CITIES[(index * 5) % CITIES.length]!,
      `${first.toLowerCase()}.${last.toLowerCase()}${index}@example.com`,
      `https://${slug}.example.com`,
    ]);
  }
  return rows.map(csvLine).join('');
}
