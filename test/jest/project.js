const path = require('node:path');

/**
 * What every jest project shares: TypeScript and JSX through swc (swcTransform.js), CSS imports
 * stubbed, and a React or Redux warning failing the test that caused it. A project's own settings
 * come last.
 * @param {import('jest').Config} config
 * @returns {import('jest').Config}
 */
module.exports = function project(config) {
  return {
    rootDir: path.resolve(__dirname, '../..'),
    testEnvironment: 'node',
    transform: {
      '^.+\\.(t|j)sx?$': [
        '<rootDir>/test/jest/swcTransform.js',
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
    // file-type and the packages it reads with are ES modules only: swc makes them CommonJS for
    // jest, and file-type, whose `exports` offer no `require` entry, is mapped to its Node entry.
    transformIgnorePatterns: ['/node_modules/(?!(file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit)/)'],
    moduleNameMapper: { '\\.css$': '<rootDir>/test/helpers/styleStub.ts', '^file-type$': '<rootDir>/node_modules/file-type/index.js' },
    setupFiles: ['<rootDir>/test/helpers/jsdomGlobals.ts'],
    setupFilesAfterEnv: [
      '<rootDir>/test/helpers/failOnReactWarnings.ts',
      '<rootDir>/test/helpers/loadEveryPage.ts',
      ...(config.displayName === 'unit' ? [] : ['<rootDir>/test/jest/patientTimeout.ts', '<rootDir>/test/jest/quietServerLog.ts']),
    ],
    ...config,
  };
};
