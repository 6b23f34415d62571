const project = require('./project');

/**
 * `*.int.test.ts`: the real app on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL),
 * in process. The globalSetup migrates one database for the run, which each test app copies.
 */
module.exports = project({
  displayName: 'integration',
  roots: ['<rootDir>/client', '<rootDir>/server', '<rootDir>/shared', '<rootDir>/sagas', '<rootDir>/test'],
  testMatch: ['**/*.int.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/(build|durability|e2e)/'],
  globalSetup: '<rootDir>/test/jest/integrationGlobalSetup.ts',
  globalTeardown: '<rootDir>/test/jest/integrationGlobalTeardown.ts',
});
