import { replayFramePolicy } from './replayFrame';

describe('the replayed page’s policy', () => {
  test('images come from this site, its file host when it has one, and data: only', () => {
    expect(replayFramePolicy('')).toContain("img-src 'self' data:;");
    expect(replayFramePolicy('https://files.beatcrate.example')).toContain("img-src 'self' data: https://files.beatcrate.example;");
    expect(replayFramePolicy('')).not.toMatch(/https:(?!\/\/)/);
  });
});
