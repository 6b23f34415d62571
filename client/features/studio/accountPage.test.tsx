/** @jest-environment jsdom */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type ApiRequest } from '../../../shared/api/apiClient';
import type { VerificationAnswer } from '../../../shared/schemas/verification';
import { aUser } from '../../../test/helpers/fixtures';
import { accountProfileOf, openStudio } from '../../../test/helpers/studioHarness';

const NONE: VerificationAnswer = { status: 'none', artistName: null, shortName: null, country: null, reason: null, producerId: null };
const PENDING: VerificationAnswer = { status: 'pending', artistName: 'Mara Vale', shortName: 'maravale', country: 'DE', reason: null, producerId: null };
const COUNTRIES = [
  { name: 'Germany', shortName: 'DE' },
  { name: 'France', shortName: 'FR' },
  { name: 'Belgium', shortName: 'BE' },
];

const DETAILS = { artistName: 'Mara Vale', shortName: 'maravale', legalName: 'Mara Vale-Schmidt', dateOfBirth: '1994-03-12', address: 'Torstraße 1, 10119 Berlin', country: 'Germany' };

/** GET answers `state`; POST answers `post` (a function of the body) and is recorded. */
function verificationApi(state: VerificationAnswer, post: (body: unknown) => unknown, sent: ApiRequest[] = []) {
  return (request: ApiRequest) => {
    if (request.path === '/countries') return COUNTRIES;
    if (request.path !== '/producer/verification') return undefined;
    if (request.method === 'GET') return state;
    sent.push(request);
    return post(request.body);
  };
}

const errorOf = (control: HTMLElement) => document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent;

async function fillIn(user: ReturnType<typeof userEvent.setup>, form: ReturnType<typeof within>) {
  await user.type(form.getByLabelText('Artist name'), DETAILS.artistName);
  await user.type(form.getByLabelText('Page address'), DETAILS.shortName);
  await user.type(form.getByLabelText('Legal name'), DETAILS.legalName);
  await user.type(form.getByLabelText('Date of birth'), DETAILS.dateOfBirth);
  await user.type(form.getByLabelText('Address'), DETAILS.address);
  await user.clear(form.getByRole('combobox', { name: 'Country' }));
  await user.type(form.getByRole('combobox', { name: 'Country' }), 'Germ');
  await user.click(form.getByRole('option', { name: 'Germany' }));
}

describe('Account', () => {
  test('a producer not yet verified reads SPEC’s line; every field’s message shows beside it, tied to it for screen readers', async () => {
    const user = userEvent.setup();
    await openStudio({ role: 'producer', pathname: '/dashboard/account/profile', answer: verificationApi(NONE, () => undefined) });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Account');
    const section = within(screen.getByRole('region', { name: 'Identity verification' }));
    expect(section.getByText('Not submitted')).toBeTruthy();
    expect(section.getByText('Complete identity verification to start selling tracks')).toBeTruthy();
    const form = within(section.getByRole('form', { name: 'Identity verification' }));
    await user.type(form.getByLabelText('Page address'), 'Mara Vale');
    await user.clear(form.getByRole('combobox', { name: 'Country' }));
    await user.click(form.getByRole('button', { name: 'Send for verification' }));
    const expected = {
      'Artist name': 'Artist name is required',
      'Page address': 'Page address needs 3 to 50 characters with a letter, no spaces and no capitals',
      'Legal name': 'Legal name is required',
      'Date of birth': 'Date of birth is required',
      Address: 'Address is required',
      Country: 'Country is required',
    };
    const shown = Object.fromEntries(
      Object.keys(expected).map((label) => {
        const control = form.getByLabelText(label);
        expect([label, control.getAttribute('aria-invalid')]).toEqual([label, 'true']);
        return [label, errorOf(control)];
      }),
    );
    expect(shown).toEqual(expected);
  });

  test('sent details become “Waiting for review”; the legal name, birth date and address never reach the action log', async () => {
    const user = userEvent.setup();
    const sent: ApiRequest[] = [];
    const { recorder } = await openStudio({ role: 'producer', pathname: '/dashboard/account/profile', answer: verificationApi(NONE, () => PENDING, sent) });
    await fillIn(user, within(screen.getByRole('form', { name: 'Identity verification' })));
    await user.click(screen.getByRole('button', { name: 'Send for verification' }));
    expect(sent.map((request) => [request.method, request.body])).toEqual([['POST', DETAILS]]);
    const section = within(screen.getByRole('region', { name: 'Identity verification' }));
    expect(section.getByText('Waiting for review')).toBeTruthy();
    expect(section.getByText('/maravale')).toBeTruthy();
    expect(section.queryByRole('form')).toBeNull();
    const log = JSON.stringify(recorder.unacknowledged());
    for (const secret of [DETAILS.legalName, DETAILS.dateOfBirth, 'Torstraße']) expect(log).not.toContain(secret);
    expect(log).toContain('studio/verificationSubmitted');
  });

  test('the country is the account’s to begin with, and the producer may change it', async () => {
    const user = userEvent.setup();
    const sent: ApiRequest[] = [];
    await openStudio({ role: 'producer', pathname: '/dashboard/account/profile', answer: verificationApi(NONE, () => PENDING, sent) });
    const form = within(screen.getByRole('form', { name: 'Identity verification' }));
    const country = form.getByRole('combobox', { name: 'Country' }) as HTMLInputElement;
    expect(country.value).toBe('Germany');
    await fillIn(user, form);
    await user.clear(country);
    await user.type(country, 'Fra');
    await user.click(form.getByRole('option', { name: 'France' }));
    await user.click(form.getByRole('button', { name: 'Send for verification' }));
    expect(sent.map((request) => request.body)).toEqual([{ ...DETAILS, country: 'France' }]);
  });

  test('a country saved in the profile meanwhile becomes the verification’s too, unless the producer has changed that one', async () => {
    const user = userEvent.setup();
    let country = 'Germany';
    const answer = (request: ApiRequest) => {
      if (request.path === '/account/profile' && request.method === 'PUT') country = (request.body as { country: string }).country;
      if (request.path === '/account/profile') return { ...accountProfileOf('producer'), country };
      if (request.path === '/auth/checkhealth') return aUser({ roles: ['producer'], currentRole: 'producer', country });
      return verificationApi(NONE, () => undefined)(request);
    };
    await openStudio({ role: 'producer', pathname: '/dashboard/account/profile', answer });
    const verification = within(screen.getByRole('form', { name: 'Identity verification' }));
    const verificationCountry = () => verification.getByRole('combobox', { name: 'Country' }) as HTMLInputElement;
    const profile = within(screen.getByRole('form', { name: 'Profile' }));
    const saveCountry = async (name: string) => {
      await user.clear(profile.getByRole('combobox', { name: 'Country' }));
      await user.type(profile.getByRole('combobox', { name: 'Country' }), name);
      await user.click(profile.getByRole('option', { name }));
      await user.click(profile.getByRole('button', { name: 'Save profile' }));
      await profile.findByText('Your profile is saved.');
    };
    await user.type(verification.getByLabelText('Legal name'), DETAILS.legalName);
    await saveCountry('France');
    expect([verificationCountry().value, (verification.getByLabelText('Legal name') as HTMLInputElement).value]).toEqual(['France', DETAILS.legalName]);
    await user.clear(verificationCountry());
    await user.type(verificationCountry(), 'Germany');
    await saveCountry('Belgium');
    expect(verificationCountry().value).toBe('Germany');
  });

  test('the server’s refusal of a field shows beside it', async () => {
    const user = userEvent.setup();
    const taken = new ApiError('This page address is taken', 409, { shortName: 'This page address is taken' });
    await openStudio({ role: 'producer', pathname: '/dashboard/account/profile', answer: verificationApi(NONE, () => taken) });
    const form = within(screen.getByRole('form', { name: 'Identity verification' }));
    await fillIn(user, form);
    await user.click(form.getByRole('button', { name: 'Send for verification' }));
    expect(form.getByRole('alert').textContent).toContain('This page address is taken');
    expect(errorOf(form.getByLabelText('Page address'))).toBe('This page address is taken');
    expect(form.getByLabelText('Page address').getAttribute('aria-invalid')).toBe('true');
  });

  test('a rejected producer reads the moderator’s reason and can send their details again', async () => {
    await openStudio({
      role: 'producer',
      pathname: '/dashboard/account/profile',
      answer: verificationApi({ ...NONE, status: 'rejected', reason: 'The legal name does not match the document.' }, () => undefined),
    });
    const section = within(screen.getByRole('region', { name: 'Identity verification' }));
    // A reason that ends with a full stop gets no second one.
    expect(section.getByText('Rejected: The legal name does not match the document. Correct your details and send them again.')).toBeTruthy();
    expect(section.getByRole('form', { name: 'Identity verification' })).toBeTruthy();
  });

  test('a verified producer is sent on to My beats', async () => {
    await openStudio({ role: 'producer', pathname: '/dashboard/account/profile', answer: verificationApi({ ...PENDING, status: 'verified', producerId: 7 }, () => undefined) });
    const section = within(screen.getByRole('region', { name: 'Identity verification' }));
    expect(section.getByText('Verified')).toBeTruthy();
    expect(section.getByRole('link', { name: 'My beats' }).getAttribute('href')).toBe('/dashboard/beats');
  });

  test('a client sees their settings only: no verification, and no call for it', async () => {
    const { calls } = await openStudio({ role: 'client', pathname: '/dashboard/account/profile', answer: () => undefined });
    expect((within(screen.getByRole('region', { name: 'Profile' })).getByLabelText('First Name') as HTMLInputElement).value).toBe('Ada');
    expect(within(screen.getByRole('region', { name: 'Email' })).getByText('ada@example.com')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Identity verification' })).toBeNull();
    expect(calls.map((call) => call.path)).not.toContain('/producer/verification');
  });
});
