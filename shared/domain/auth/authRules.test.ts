import { isSocialNetworkUrl, messages, validateLogin, validateRegistration } from './authRules';
import { effectiveRole } from './roles';

const countries = ['Germany', 'Russia', 'Belarus', 'Kazakhstan'];
const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'beats42',
  confirmPassword: 'beats42',
  country: 'Germany',
  isBuyer: true,
  agreeTerms: true,
};

describe('registration rules (SPEC §5)', () => {
  test('a complete buyer form passes', () => expect(validateRegistration(valid, countries)).toEqual({}));

  test.each([
    [{ firstName: ' ' }, 'firstName', 'First Name is required'],
    [{ lastName: undefined }, 'lastName', 'Last Name is required'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'ada@' }, 'email', 'The Email must be valid'],
    [{ password: 'abcde', confirmPassword: 'abcde' }, 'password', messages.password],
    [{ password: '12345', confirmPassword: '12345' }, 'password', messages.password],
    [{ password: 'a1', confirmPassword: 'a1' }, 'password', messages.password],
    [{ password: `a1${'x'.repeat(69)}`, confirmPassword: `a1${'x'.repeat(69)}` }, 'password', messages.password],
    [{ confirmPassword: 'beats43' }, 'confirmPassword', 'The Confirm Password field does not match'],
    [{ confirmPassword: '' }, 'confirmPassword', 'Confirm Password is required'],
    [{ country: 'Atlantis' }, 'country', 'Country must be a valid list value'],
    [{ country: '' }, 'country', 'Country is required'],
    [{ agreeTerms: false }, 'agreeTerms', 'You must read and agree to the Terms & Conditions in order to proceed'],
    [{ isBuyer: false }, 'socialNetwork', 'Facebook personal URL is required'],
    [{ isBuyer: false, socialNetwork: 'vk.com/ada' }, 'socialNetwork', 'Is not a valid Facebook personal URL url'],
    [{ isBuyer: false, country: 'Russia' }, 'socialNetwork', 'VK personal URL is required'],
    [{ isBuyer: false, country: 'Russia', socialNetwork: 'facebook.com/ada' }, 'socialNetwork', 'Is not a valid VK personal URL url'],
  ])('%p gives %s: %s', (change, field, message) => {
    expect(validateRegistration({ ...valid, ...change }, countries)).toEqual({ [field]: message });
  });

  test('sellers give a social URL of their region', () => {
    expect(validateRegistration({ ...valid, isBuyer: false, socialNetwork: 'https://www.facebook.com/ada' }, countries)).toEqual({});
    expect(validateRegistration({ ...valid, isBuyer: false, country: 'Belarus', socialNetwork: 'vk.com/ada' }, countries)).toEqual({});
    expect(isSocialNetworkUrl('fb.com/ada', 'Germany')).toBe(true);
    expect(isSocialNetworkUrl('facebook.com/', 'Germany')).toBe(false);
    expect(isSocialNetworkUrl('evil.com/facebook.com/ada', 'Germany')).toBe(false);
  });
});

describe('login rules', () => {
  test.each([
    [{}, { email: 'Email is required', password: 'Password is required' }],
    [{ email: 'x', password: '1234' }, { email: 'The Email must be valid', password: 'The Password field must be at least 5 characters' }],
    [{ email: 'a@b.co', password: '12345' }, {}],
  ])('%p', (values, errors) => expect(validateLogin(values)).toEqual(errors));
});

describe('effective role (SPEC §4)', () => {
  test.each([
    [['client'], 'client'],
    [['producer'], 'producer'],
    [['client', 'producer'], 'producer'],
    [['designer', 'client'], 'designer'],
    [['admin', 'moderator', 'client'], 'admin'],
    [['moderator', 'producer'], 'moderator'],
    [['guest'], null],
    [[], null],
  ])('%p is %p', (roles, role) => expect(effectiveRole(roles)).toBe(role));
});
