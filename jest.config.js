/**
 * The four jest projects (test/jest/): unit and component tests, the real app on a real database,
 * the suites that need the client build, and Chromium. One pool of workers runs them all, slowest
 * files first, so the long Chromium and audio files start at once and the quick ones fill the gaps.
 * @type {import('jest').Config}
 */
module.exports = {
  projects: [
    '<rootDir>/test/jest/unit.config.js',
    '<rootDir>/test/jest/integration.config.js',
    '<rootDir>/test/jest/clientBuild.config.js',
    '<rootDir>/test/jest/chromium.config.js',
  ],
  testSequencer: '<rootDir>/test/jest/slowestFirstSequencer.js',
  // One worker per core: a Chromium or durability file's worker mostly waits on its browser and
  // server, which are processes of their own, so more workers would only crowd the cores.
  maxWorkers: '100%',
  // A unit test fails after this; the other projects wait longer (test/jest/patientTimeout.ts).
  testTimeout: 60_000,
  // In CI the first failing file ends the run: its report comes in minutes, not after the rest.
  bail: process.env.CI ? 1 : 0,
};
