const project = require('./project');

/** Unit and component tests (`*.test.ts(x)` beside the code): no database server, no build, no browser. */
module.exports = project({
  displayName: 'unit',
  roots: ['<rootDir>/client', '<rootDir>/server', '<rootDir>/shared', '<rootDir>/sagas', '<rootDir>/test', '<rootDir>/bench'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '\\.(int|e2e)\\.test\\.tsx?$', '<rootDir>/test/(build|durability|e2e)/'],
});
