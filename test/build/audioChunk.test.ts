import { readBundleReport } from '../../server/build/bundleReport';

/** The production build that globalSetup made: the first page load carries no audio library. */
describe('the client bundle', () => {
  const report = readBundleReport();

  test('the initial scripts of / do not include wavesurfer.js or Tone.js', () => {
    expect(report.initial.files.length).toBeGreaterThan(0);
    // The vendor file is read: React is there, so the source maps name packages.
    expect(report.initial.packages).toContain('react-dom');
    expect(report.initial.packages).not.toContain('wavesurfer.js');
    expect(report.initial.packages).not.toContain('tone');
  });

  test('the audio chunk, loaded on the first play, carries both', () => {
    expect(report.audio.files).toEqual([expect.stringMatching(/^\/assets\/audio\.[0-9a-f]+\.js$/)]);
    expect(report.audio.packages).toContain('wavesurfer.js');
    expect(report.audio.packages).toContain('tone');
  });
});
