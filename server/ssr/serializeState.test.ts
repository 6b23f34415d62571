import { serializeState } from './serializeState';

describe('serializeState', () => {
  const hostile = {
    name: '</script><script>alert(1)</script>',
    comment: '<!-- -->',
    lines: 'a\u2028b\u2029c',
    amp: 'R&B',
  };

  test('no value can end the script element', () => {
    const text = serializeState(hostile);
    expect(text).not.toMatch(/<|>/);
    expect(text).not.toMatch(/[\u2028\u2029]/);
  });

  test('round-trips through JSON.parse', () => {
    expect(JSON.parse(serializeState(hostile))).toEqual(hostile);
  });
});
