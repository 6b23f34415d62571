import { findMalformedText } from './wellFormedText';

describe('findMalformedText', () => {
  test.each([
    ['plain text', 'Ada', null],
    ['an emoji (a whole surrogate pair)', 'beats \ud83c\udfb5', null],
    ['a lone high surrogate', 'a\ud800b', ''],
    ['a low surrogate before its high one', '\udfb5\ud83c', ''],
    ['numbers, booleans and null', { a: 1, b: true, c: null }, null],
    ['a query parameter given twice', { tags: ['trap', '\udc00'] }, 'tags.1'],
    ['a key', { ['\ud800']: 'x' }, '\ud800'],
  ])('%s', (_, value, path) => expect(findMalformedText(value)).toBe(path));

  test('walks JSON nested deeper than the call stack would go', () => {
    let nested: unknown = '\ud800';
    for (let depth = 0; depth < 100_000; depth++) nested = [nested];
    expect(findMalformedText(nested)).toBe(`${'0.'.repeat(99_999)}0`);
  });
});
