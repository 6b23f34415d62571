import { isValidProducerId } from './producerId';

describe('isValidProducerId (SPEC §2 producer route helper)', () => {
  test.each([
    ['abc', true],
    ['dj-nova', true],
    ['a12', true],
    ['ab', false],
    ['123', false],
    ['DJnova', false],
    ['dj nova', false],
    ['dj\tnova', false],
    ['a'.repeat(50), true],
    ['a'.repeat(51), false],
    ['бит', true],
    ['dashboard', false],
    ['admin', false],
  ])('%s -> %s', (id, expected) => {
    expect(isValidProducerId(id)).toBe(expected);
  });
});
