// Unit tests of the shared library: jsdom, TypeScript through SWC, CSS Modules as identity proxies.
const path = require('node:path');

const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  displayName: 'shared',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  setupFiles: ['<rootDir>/src/testing/setup-environment.ts'],
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup-translations.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', swcOptions],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    '\\.css$': 'identity-obj-proxy',
    '\\.(svg|png|jpe?g|gif|webp)$': '<rootDir>/src/testing/file-stub.ts',
  },
  moduleDirectories: ['node_modules', path.join(__dirname, '..', 'node_modules')],
};
