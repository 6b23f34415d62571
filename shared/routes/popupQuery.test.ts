import { differOnlyInPopups, openFrames, withQuery } from './popupQuery';

describe('popup query', () => {
  test('opening a keyed popup lists it last in frame; closing it drops it', () => {
    const login = withQuery('?genre=2', { login: 'true' });
    expect(login).toBe('?genre=2&login=true&frame=login');
    const both = withQuery(login, {}, { terms: true });
    expect(openFrames(both)).toEqual(['login', 'terms']);
    expect(withQuery(both, {}, { terms: false })).toBe(login);
    expect(withQuery(login, { login: null })).toBe('?genre=2');
  });

  test('a frame list in the address is read as given; a key set again keeps its place', () => {
    expect(openFrames('?frame=register,terms')).toEqual(['register', 'terms']);
    expect(openFrames('?frame=')).toEqual([]);
    expect(withQuery('?login=true&frame=login,terms', { login: 'true' })).toBe('?login=true&frame=login%2Cterms');
  });

  test('the login-with-services link opens both, and login success removes both', () => {
    const opened = withQuery('', { login: 'true', services: 'https://dash.example/services' });
    expect(openFrames(opened)).toEqual(['login', 'services']);
    expect(withQuery(opened, { login: null, services: null })).toBe('');
  });

  test('a keyed popup opened by a shared link counts as the oldest frame', () => {
    expect(withQuery('?register=true', {}, { terms: true })).toBe('?register=true&frame=register%2Cterms');
  });

  test('searches that differ only in popups show the same page', () => {
    expect(differOnlyInPopups('?genre=2', '?login=true&genre=2&frame=login')).toBe(true);
    expect(differOnlyInPopups('?genre=2', '?genre=3&login=true')).toBe(false);
  });
});
