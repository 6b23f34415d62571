const project = require('./project');

/**
 * Suites that need the production client build but no browser: they start `npm start`'s entry as
 * a process of its own (test/durability) or read the build's output (test/build). Jest runs the
 * globalSetup, which builds the client when it is stale, only when one of them is selected.
 */
module.exports = project({
  displayName: 'client-build',
  roots: ['<rootDir>/test/build', '<rootDir>/test/durability'],
  testMatch: ['**/*.test.ts'],
  globalSetup: '<rootDir>/test/helpers/clientBuildGlobalSetup.ts',
});
