const project = require('./project');

/**
 * `*.e2e.test.ts` in the system Chromium against the real server. Jest runs the globalSetup only
 * when one of them is selected: it builds the client, then starts the Chromium and the server
 * that the suites share; the globalTeardown stops both, also after failures.
 */
module.exports = project({
  displayName: 'chromium',
  roots: ['<rootDir>/test/e2e'],
  testMatch: ['**/*.e2e.test.ts'],
  globalSetup: '<rootDir>/test/e2e/helpers/chromiumGlobalSetup.ts',
  globalTeardown: '<rootDir>/test/e2e/helpers/chromiumGlobalTeardown.ts',
});
