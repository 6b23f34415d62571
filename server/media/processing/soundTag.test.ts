import { synthesizeTag, tagOffsets } from './soundTag';

describe('synthesizeTag', () => {
  it('is one second long, peaks at 1 and is the same at every call', () => {
    const tag = synthesizeTag(44_100);
    expect(tag).toHaveLength(44_100);
    expect(Math.max(...tag.map(Math.abs))).toBeCloseTo(1, 6);
    expect(synthesizeTag(44_100)).toEqual(tag);
  });

  it('starts and ends quietly, so it never clicks in a mix', () => {
    const tag = synthesizeTag(22_050);
    expect(Math.abs(tag[0]!)).toBeLessThan(0.01);
    expect(Math.abs(tag[tag.length - 1]!)).toBeLessThan(0.01);
  });
});

describe('tagOffsets', () => {
  const rate = 1000;
  it('puts a tag at 2 s, 22 s and 42 s of a 60 s preview', () => {
    expect(tagOffsets(60 * rate, rate)).toEqual([2000, 22_000, 42_000]);
  });

  it('keeps only whole tags in a shorter preview', () => {
    expect(tagOffsets(22_500, rate)).toEqual([2000]);
    expect(tagOffsets(23_000, rate)).toEqual([2000, 22_000]);
  });

  it('still tags a preview too short for the 2 s one, at its start', () => {
    expect(tagOffsets(2500, rate)).toEqual([0]);
  });
});
