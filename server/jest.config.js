// Server tests: TypeScript through SWC, Node environment, one embedded PostgreSQL for the run
// (or DATABASE_URL's server), a fresh database per test file. Run from the repo root with
//   npx jest -c server/jest.config.js
/** @type {import('jest').Config} */
module.exports = {
  displayName: 'server',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'commonjs' },
      },
    ],
    // Only for the ESM-only dependencies listed below: Jest's module system (unlike Node 20.19+)
    // cannot require() ES modules, so they are compiled to CommonJS.
    '^.+\\.m?js$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' },
        module: { type: 'commonjs' },
      },
    ],
  },
  // Leave node_modules alone, except ESM-only packages: those loaded by @fastify/static and
  // light-my-request, and the OpenID Connect client (openid-client, oauth4webapi, jose) and the
  // test provider (oidc-provider). The first lookahead makes the rule look at the innermost
  // node_modules.
  transformIgnorePatterns: [
    '/node_modules/(?!.*/node_modules/)(?!(content-disposition|cookie|openid-client|oauth4webapi|jose|oidc-provider)/)',
  ],
  moduleFileExtensions: ['ts', 'js', 'json'],
  // Node resolves the contract and the domain libraries to their compiled copies (their dist/);
  // tests read the sources.
  moduleNameMapper: {
    '^@platform/contract$': '<rootDir>/../contract/src/index.ts',
    '^@platform/inhouse-games$': '<rootDir>/../inhouse-games/src/index.ts',
    '^@platform/inhouse-games/fairness$': '<rootDir>/../inhouse-games/src/fairness.ts',
    '^@platform/lottery-rules$': '<rootDir>/../lottery-rules/src/index.ts',
  },
  globalSetup: '<rootDir>/src/testing/global-setup.ts',
  globalTeardown: '<rootDir>/src/testing/global-teardown.ts',
  testTimeout: 30000,
};
