/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ApiError, type ApiClient, type ApiRequest } from '../../../shared/api/apiClient';
import { DEFAULT_FEATURES } from '../../../shared/features/config/configSlice';
import { navigationArrived } from '../../../shared/features/navigation/navigationSlice';
import { makeStore } from '../../../shared/store/makeStore';
import { authSagas } from '../../../sagas/auth/authSagas';
import { pageSagas } from '../../../sagas/pages/pageSagas';
import { popupSagas } from '../../../sagas/auth/popupSagas';
import { watchNavigation } from '../../../sagas/navigation/navigationSaga';
import { App } from '../../App';
import { CaptchaWidgetLoader } from './CaptchaField';

/**
 * The robot check in the storefront's forms. jsdom runs no ALTCHA widget, so the test does what
 * the widget does: it announces its state on the `<altcha-widget>` element.
 */
function renderAt(pathname: string, routeName: string, search: string, answer: (request: ApiRequest) => Promise<unknown>) {
  const requests: ApiRequest[] = [];
  const loads: number[] = [];
  const api: ApiClient = {
    request: async <T,>(request: ApiRequest) => {
      requests.push(request);
      if (request.path === '/countries') return [{ name: 'Germany', shortName: 'DE' }] as T;
      return (await answer(request)) as T;
    },
  };
  const store = makeStore(
    { config: { dashboardUrl: '', adminUrl: '', features: DEFAULT_FEATURES, captcha: true } },
    { sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) } },
  );
  for (const saga of [watchNavigation, authSagas, popupSagas, pageSagas]) store.runSaga(saga);
  store.dispatch(navigationArrived({ pathname, search, routeName, params: {}, error: null }));
  render(
    <CaptchaWidgetLoader.Provider value={async () => loads.push(loads.length)}>
      <Provider store={store}>
        <App />
      </Provider>
    </CaptchaWidgetLoader.Provider>,
  );
  return { requests, loads };
}

const widgetIn = (container: HTMLElement) => container.querySelector('altcha-widget') as HTMLElement;
const solve = (widget: HTMLElement, payload: string) =>
  act(async () => void fireEvent(widget, new CustomEvent('statechange', { detail: { state: 'verified', payload } })));

describe('robot check', () => {
  test('registration waits for it, sends its payload in the Altcha header, and needs a fresh one after a refusal', async () => {
    const user = userEvent.setup();
    const { requests, loads } = renderAt('/beats', 'beats', '?register=true', async (request) => {
      if (request.path === '/auth/register') throw new ApiError('This email is already registered', 409);
      return [];
    });
    const dialog = screen.getByRole('dialog', { name: 'Register or log in' });
    const widget = widgetIn(dialog);
    expect(widget.getAttribute('challenge')).toBe('/api/v1/captcha/challenge');
    expect(loads.length).toBeGreaterThan(0);
    for (const [label, value] of Object.entries({
      'First Name': 'Ada',
      'Last Name': 'Lovelace',
      Email: 'ada@example.com',
      Password: 'beats42',
      'Confirm Password': 'beats42',
      Country: 'Germany',
    })) {
      await user.type(within(dialog).getByLabelText(label), value);
    }
    await user.click(within(dialog).getByLabelText('Agree with'));
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(within(dialog).getByText('Please confirm that you are not a robot')).toBeTruthy();
    expect(requests.filter((request) => request.path === '/auth/register')).toEqual([]);

    await solve(widget, 'solved-1');
    expect(within(dialog).queryByText('Please confirm that you are not a robot')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    const [sent] = requests.filter((request) => request.path === '/auth/register');
    expect(sent!.headers).toEqual({ Altcha: 'solved-1' });
    expect(sent!.body).not.toHaveProperty('captcha');
    expect(await within(dialog).findByRole('alert')).toBeTruthy();

    // The server used up that challenge: a new widget, and no second request until it is solved.
    const renewed = widgetIn(dialog);
    expect(renewed).not.toBe(widget);
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(requests.filter((request) => request.path === '/auth/register')).toHaveLength(1);
    await solve(renewed, 'solved-2');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(requests.filter((request) => request.path === '/auth/register').map((request) => request.headers)).toEqual([
      { Altcha: 'solved-1' },
      { Altcha: 'solved-2' },
    ]);
  });

  test('a widget that expires after solving takes its payload back', async () => {
    const user = userEvent.setup();
    const { requests } = renderAt('/beats', 'beats', '?login=true', async () => ({}));
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    const dialog = screen.getByRole('dialog', { name: 'Log in or register' });
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    const widget = widgetIn(dialog);
    await solve(widget, 'solved-then-expired');
    await act(async () => void fireEvent(widget, new CustomEvent('statechange', { detail: { state: 'expired', payload: null } })));
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(within(dialog).getByText('Please confirm that you are not a robot')).toBeTruthy();
    expect(requests.filter((request) => request.path === '/auth/reset')).toEqual([]);
    await solve(widget, 'solved-again');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(requests.filter((request) => request.path === '/auth/reset')).toEqual([
      { method: 'POST', path: '/auth/reset', body: { email: 'ada@example.com' }, headers: { Altcha: 'solved-again' } },
    ]);
  });

  test('the page forms carry it too: the newsletter form in the footer', async () => {
    const user = userEvent.setup();
    const { requests } = renderAt('/contacts', 'contacts', '', async () => ({ status: 'ok' }));
    const newsletter = screen.getByRole('form', { name: 'Newsletter' });
    await user.type(within(newsletter).getByLabelText('Email'), 'fan@example.com');
    await solve(widgetIn(newsletter), 'solved-footer');
    await user.click(within(newsletter).getByRole('button', { name: 'Subscribe' }));
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', path: '/pages/subscribe', body: { email: 'fan@example.com' }, headers: { Altcha: 'solved-footer' } },
    ]);
  });
});
