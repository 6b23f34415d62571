import type { AccountSession } from '../auth/sessions';
import { aUser } from '../../test/helpers/fixtures';
import type { Access } from './endpoint';
import { authorize } from './endpointAccess';

const sessionWith = (roles: AccountSession['user']['roles'], blocked = false): AccountSession => ({ id: 'session', user: aUser({ roles }), blocked });
const outcome = (access: Access, session: AccountSession | null) => {
  try {
    authorize({ method: 'GET', access, loginMessage: access === 'member' ? 'Please log in' : undefined }, session, '/console/reports');
    return 'allowed';
  } catch (error) {
    return `${(error as { statusCode: number }).statusCode} ${(error as Error).message}`;
  }
};

describe('authorize: the one check of an endpoint\'s access', () => {
  test('anyone: guests and blocked accounts alike', () => {
    expect(outcome('anyone', null)).toBe('allowed');
    expect(outcome('anyone', sessionWith(['client'], true))).toBe('allowed');
  });

  test('member: a guest is asked to log in, a blocked account refused', () => {
    expect(outcome('member', null)).toBe('401 Please log in');
    expect(outcome('member', sessionWith(['client'], true))).toBe('403 This account has been blocked');
    expect(outcome('member', sessionWith(['producer']))).toBe('allowed');
  });

  test('roles: the call does not exist for anyone else, a blocked staff account included', () => {
    const staff: Access = ['moderator', 'admin'];
    const unknown = '404 No API call GET /console/reports';
    expect(outcome(staff, null)).toBe(unknown);
    expect(outcome(staff, sessionWith(['client', 'producer']))).toBe(unknown);
    expect(outcome(staff, sessionWith(['client', 'moderator'], true))).toBe(unknown);
    expect(outcome(staff, sessionWith(['client', 'moderator']))).toBe('allowed');
    expect(outcome(['admin'], sessionWith(['client', 'moderator']))).toBe(unknown);
  });
});
