const path = require('node:path');

/**
 * What every jest project shares: TypeScript and JSX through swc, CSS imports stubbed, and a
 * React or Redux warning failing the test that caused it. A project's own settings come last.
 * @param {import('jest').Config} config
 * @returns {import('jest').Config}
 */
module.exports = function project(config) {
  return {
    rootDir: path.resolve(__dirname, '../..'),
    testEnvironment: 'node',
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    moduleNameMapper: { '\\.css$': '<rootDir>/test/helpers/styleStub.ts' },
    setupFiles: ['<rootDir>/test/helpers/jsdomGlobals.ts'],
    setupFilesAfterEnv: ['<rootDir>/test/helpers/failOnReactWarnings.ts'],
    ...config,
  };
};
