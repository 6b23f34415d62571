/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { ApiClient, ApiRequest } from '../../../shared/api/apiClient';
import { navigationArrived } from '../../../shared/features/navigation/navigationSlice';
import { makeStore } from '../../../shared/store/makeStore';
import { authSagas } from '../../../sagas/auth/authSagas';
import { popupSagas } from '../../../sagas/auth/popupSagas';
import { watchNavigation } from '../../../sagas/navigation/navigationSaga';
import { App } from '../../App';

function renderAt(search: string, answer: (request: ApiRequest) => Promise<unknown> = async () => []) {
  const requests: ApiRequest[] = [];
  const api: ApiClient = {
    request: async <T,>(request: ApiRequest) => {
      requests.push(request);
      if (request.path === '/countries') return [{ name: 'Germany', shortName: 'DE' }, { name: 'Russia', shortName: 'RU' }] as T;
      return (await answer(request)) as T;
    },
  };
  // The address bar's entries: what push and replace leave in it.
  const entries = [`/beats${search}`];
  const history = {
    push: (url: string) => void entries.push(url),
    replace: (url: string) => void (entries[entries.length - 1] = url),
  };
  const store = makeStore(undefined, { sagaContext: { api, history, now: () => new Date(0) } });
  store.runSaga(watchNavigation);
  store.runSaga(authSagas);
  store.runSaga(popupSagas);
  store.dispatch(navigationArrived({ pathname: '/beats', search, routeName: 'beats', params: {}, error: null }));
  render(
    <Provider store={store}>
      <App />
    </Provider>,
  );
  /** What the address bar shows. */
  const address = () => entries[entries.length - 1];
  return { store, requests, address };
}

describe('login popup', () => {
  test('opens from the URL, validates with the shared rules and closes on Escape', async () => {
    const user = userEvent.setup();
    const { address } = renderAt('?login=true&x=1');
    const dialog = screen.getByRole('dialog', { name: 'Log in or register' });
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(within(dialog).getByText('Email is required')).toBeTruthy();
    expect(within(dialog).getByText('Password is required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    expect(within(dialog).getByText('The Email must be valid')).toBeTruthy();

    const password = within(dialog).getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    await user.click(within(dialog).getByRole('button', { name: 'Show Password' }));
    expect(password.type).toBe('text');

    await user.keyboard('{Escape}');
    await act(async () => undefined);
    expect(address()).toBe('/beats?x=1');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('Enter submits; the server message shows under the password field and in a dismissible banner', async () => {
    const user = userEvent.setup();
    renderAt('?login=true', async () => {
      const { ApiError } = await import('../../../shared/api/apiClient');
      throw new ApiError('Email or password is incorrect', 401);
    });
    const dialog = screen.getByRole('dialog', { name: 'Log in or register' });
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong1{Enter}');
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getAllByText('Email or password is incorrect')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss error' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  test('Forgot your password? switches to the reset form and Cancel back', async () => {
    const user = userEvent.setup();
    renderAt('?login=true');
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });
});

describe('registration popup', () => {
  test('asks sellers for their social URL, labelled by country', async () => {
    const user = userEvent.setup();
    renderAt('?register=true');
    const dialog = screen.getByRole('dialog', { name: 'Register or log in' });
    expect(within(dialog).queryByLabelText('Facebook personal URL')).toBeNull();
    await user.click(within(dialog).getByLabelText("I'm a seller"));
    expect(within(dialog).getByLabelText('Facebook personal URL')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Country'), 'Russia');
    expect(within(dialog).getByLabelText('VK personal URL')).toBeTruthy();
    await user.click(within(dialog).getByLabelText("I'm a buyer"));
    expect(within(dialog).queryByLabelText('VK personal URL')).toBeNull();
  });

  test("a seller's URL is named in its errors as its label names it, Facebook or VK by country", async () => {
    const user = userEvent.setup();
    renderAt('?register=true');
    const dialog = screen.getByRole('dialog', { name: 'Register or log in' });
    const errorOf = (control: HTMLElement) => document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent;
    await user.click(within(dialog).getByLabelText("I'm a seller"));
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    const facebook = within(dialog).getByLabelText('Facebook personal URL');
    expect(errorOf(facebook)).toBe('Facebook personal URL is required');
    await user.type(facebook, 'vk.com/ada');
    expect(errorOf(facebook)).toBe('Is not a valid Facebook personal URL url');
    await user.type(within(dialog).getByRole('combobox', { name: 'Country' }), 'Russia');
    const vk = within(dialog).getByLabelText('VK personal URL');
    await user.clear(vk);
    expect(errorOf(vk)).toBe('VK personal URL is required');
    await user.type(vk, 'facebook.com/ada');
    expect(errorOf(vk)).toBe('Is not a valid VK personal URL url');
  });

  test('the country dropdown filters as you type and is operated by keyboard; Escape closes only the list', async () => {
    const user = userEvent.setup();
    renderAt('?register=true');
    const dialog = screen.getByRole('dialog', { name: 'Register or log in' });
    const country = within(dialog).getByRole('combobox', { name: 'Country' });
    await user.click(country);
    expect(within(dialog).getAllByRole('option').map((option) => option.textContent)).toEqual(['Germany', 'Russia']);
    await user.type(country, 'rus');
    expect(within(dialog).getAllByRole('option').map((option) => option.textContent)).toEqual(['Russia']);
    await user.keyboard('{Enter}');
    expect((country as HTMLInputElement).value).toBe('Russia');
    expect(within(dialog).queryByRole('listbox')).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Register or log in' })).toBeTruthy();
  });

  test("sends SPEC §7's body: the form, with isBuyer and the country's code, plus selectedRole", async () => {
    const user = userEvent.setup();
    const { requests } = renderAt('?register=true', async () => ({}));
    const dialog = screen.getByRole('dialog', { name: 'Register or log in' });
    await user.type(within(dialog).getByLabelText('First Name'), 'Ada');
    await user.type(within(dialog).getByLabelText('Last Name'), 'Lovelace');
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'beats42');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'beats42');
    await user.type(within(dialog).getByRole('combobox', { name: 'Country' }), 'Russia');
    await user.click(within(dialog).getByLabelText("I'm a seller"));
    await user.type(within(dialog).getByLabelText('VK personal URL'), 'vk.com/ada');
    await user.click(within(dialog).getByLabelText('Agree with'));
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(requests.filter((request) => request.path === '/auth/register').map((request) => request.body)).toEqual([
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        password: 'beats42',
        confirmPassword: 'beats42',
        country: 'Russia',
        countryShortName: 'RU',
        socialNetwork: 'vk.com/ada',
        isBuyer: false,
        agreeTerms: true,
        selectedRole: 'producer',
      },
    ]);
  });

  test('a refusal from the server shows on the Email field and in a dismissible banner', async () => {
    const user = userEvent.setup();
    renderAt('?register=true', async (request) => {
      const { ApiError } = await import('../../../shared/api/apiClient');
      if (request.path === '/auth/register') throw new ApiError('This email is already registered', 409);
      return [];
    });
    const dialog = screen.getByRole('dialog', { name: 'Register or log in' });
    await user.type(within(dialog).getByLabelText('First Name'), 'Ada');
    await user.type(within(dialog).getByLabelText('Last Name'), 'Lovelace');
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'beats42');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'beats42');
    await user.type(within(dialog).getByRole('combobox', { name: 'Country' }), 'Germany');
    await user.click(within(dialog).getByLabelText('Agree with'));
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getAllByText('This email is already registered')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss error' }));
    expect(within(dialog).queryByText('This email is already registered')).toBeNull();
  });

  test('a broken password rule shows under the field and in a dismissible banner; a missing password only under the field', async () => {
    const user = userEvent.setup();
    renderAt('?register=true');
    const dialog = screen.getByRole('dialog', { name: 'Register or log in' });
    const rule = 'Password must be at least 5 characters long contain both letters and numbers';
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(within(dialog).getByText('Password is required')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await user.type(within(dialog).getByLabelText('Password'), 'abcdef');
    expect(within(dialog).getAllByText(rule)).toHaveLength(2);
    expect(within(dialog).getByRole('alert').textContent).toContain(rule);
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss error' }));
    expect(within(dialog).getAllByText(rule)).toHaveLength(1);
    await user.type(within(dialog).getByLabelText('Password'), 'g');
    expect(within(dialog).getByRole('alert').textContent).toContain(rule);
    await user.type(within(dialog).getByLabelText('Password'), '1');
    expect(within(dialog).queryByText(rule)).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  test('the terms link opens the terms popup over the form; Escape closes only it and the form keeps its values', async () => {
    const user = userEvent.setup();
    renderAt('?register=true');
    await user.type(screen.getByLabelText('First Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Terms & Conditions' }));
    const terms = screen.getByRole('dialog', { name: 'Terms & Conditions' });
    expect(within(terms).getByText('You must read and agree to the Terms & Conditions in order to proceed')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Terms & Conditions' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Register or log in' })).toBeTruthy();
    expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Ada');
  });

  test('shows every rule the form breaks, with the SPEC messages, and sends nothing', async () => {
    const user = userEvent.setup();
    const { requests } = renderAt('?register=true');
    const dialog = screen.getByRole('dialog', { name: 'Register or log in' });
    await user.type(within(dialog).getByLabelText('Password'), 'abcdef');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'abcdeg');
    await user.type(within(dialog).getByLabelText('Country'), 'Atlantis');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    for (const message of [
      'First Name is required',
      'Last Name is required',
      'Email is required',
      'The Confirm Password field does not match',
      'Country must be a valid list value',
      'You must read and agree to the Terms & Conditions in order to proceed',
    ]) {
      expect(within(dialog).getByText(message)).toBeTruthy();
    }
    // Under the Password field and in the banner.
    expect(within(dialog).getAllByText('Password must be at least 5 characters long contain both letters and numbers')).toHaveLength(2);
    expect(requests.filter((request) => request.path === '/auth/register')).toEqual([]);
  });
});
