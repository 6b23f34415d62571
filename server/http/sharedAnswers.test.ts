import { SharedAnswers } from './sharedAnswers';

describe('shared answers', () => {
  test('an answer is served again only under the change mark it was kept with', () => {
    const answers = new SharedAnswers();
    answers.keep('/tracks?take=24', 7, '{"tracks":[]}');
    expect(answers.get('/tracks?take=24', 7)).toBe('{"tracks":[]}');
    expect(answers.get('/tracks?take=20', 7)).toBeUndefined();
    // Something was committed: the kept answer is gone, not served under the new mark later.
    expect(answers.get('/tracks?take=24', 8)).toBeUndefined();
    expect(answers.get('/tracks?take=24', 7)).toBeUndefined();
  });

  test('past their weight, the least recently served answers go first', () => {
    const answers = new SharedAnswers(30);
    answers.keep('/a', 1, 'a'.repeat(10));
    answers.keep('/b', 1, 'b'.repeat(10));
    answers.keep('/c', 1, 'c'.repeat(10));
    expect(answers.get('/a', 1)).toBeDefined();
    answers.keep('/d', 1, 'd'.repeat(10));
    expect(['/a', '/b', '/c', '/d'].map((url) => answers.get(url, 1) !== undefined)).toEqual([true, false, true, true]);
    // An answer heavier than the whole is not kept, and pushes nothing out.
    answers.keep('/huge', 1, 'h'.repeat(31));
    expect(['/huge', '/a', '/c', '/d'].map((url) => answers.get(url, 1) !== undefined)).toEqual([false, true, true, true]);
  });

  test("as a value: parsed once and frozen, the same value for every render while the mark holds", () => {
    const answers = new SharedAnswers();
    answers.keep('/genres?', 3, '[{"id":1,"name":"Trap"}]');
    const value = answers.value('/genres?', 3);
    expect(value).toEqual([{ id: 1, name: 'Trap' }]);
    expect(answers.value('/genres?', 3)).toBe(value);
    expect(Object.isFrozen((value as object[])[0])).toBe(true);
    expect(answers.value('/genres?', 4)).toBeUndefined();
  });
});
