import { array, number, object, string } from 'superstruct';
import { assertAnswer, immutableAnswer } from './immutableAnswers';

const ListSchema = object({ tracks: array(object({ id: number(), name: string() })) });

describe('immutable answers', () => {
  test('are frozen to the last leaf', () => {
    const answer = immutableAnswer({ tracks: [{ id: 1, name: 'Night Drive' }] });
    expect(Object.isFrozen(answer) && Object.isFrozen(answer.tracks) && Object.isFrozen(answer.tracks[0])).toBe(true);
    expect(() => {
      (answer.tracks[0] as { name: string }).name = 'Changed';
    }).toThrow(TypeError);
  });

  test('an immutable answer is checked once per schema; a wrong one is refused every time', () => {
    const answer = immutableAnswer({ tracks: [{ id: 1, name: 'Night Drive' }] });
    assertAnswer(answer, ListSchema);
    assertAnswer(answer, ListSchema);
    // Another schema checks it anew, and refuses what does not fit it.
    expect(() => assertAnswer(answer, object({ tracks: array(object({ id: string(), name: string() })) }))).toThrow('Expected a string');
    const wrong = immutableAnswer({ tracks: [{ id: '1', name: 'Night Drive' }] });
    expect(() => assertAnswer(wrong, ListSchema)).toThrow('Expected a number');
    expect(() => assertAnswer(wrong, ListSchema)).toThrow('Expected a number');
  });

  test('any other answer is checked every time: it may have changed since', () => {
    const answer: { tracks: Array<{ id: unknown; name: string }> } = { tracks: [{ id: 1, name: 'Night Drive' }] };
    assertAnswer(answer, ListSchema);
    (answer.tracks[0] as { id: unknown }).id = 'one';
    expect(() => assertAnswer(answer, ListSchema)).toThrow('Expected a number');
    // Frozen at the top only is not immutable: its rows can still change.
    const shallow = Object.freeze({ tracks: [{ id: 1 as unknown, name: 'Night Drive' }] });
    assertAnswer(shallow, ListSchema);
    (shallow.tracks[0] as { id: unknown }).id = 'one';
    expect(() => assertAnswer(shallow, ListSchema)).toThrow('Expected a number');
  });
});
