// Unit tests of the shell: jsdom, TypeScript through SWC, CSS Modules as identity proxies.
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
  displayName: 'shell',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup-tests.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', swcOptions],
    '^.+\\.mjs$': ['@swc/jest', swcOptions],
  },
  // Swiper ships ES modules only; everything else in node_modules is CommonJS already.
  transformIgnorePatterns: ['/node_modules/(?!(swiper|ssr-window|dom7)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    // Jest does not reach the contract's source through the package's exports: map it.
    '^@platform/contract$': '<rootDir>/../contract/src/index.ts',
    '\\.module\\.css$': 'identity-obj-proxy',
    // Plain stylesheets (swiper/css, swiper/css/pagination, ...) carry no class names to test.
    '^swiper/css(/.*)?$': '<rootDir>/src/testing/style-stub.ts',
    '\\.css$': '<rootDir>/src/testing/style-stub.ts',
    '\\.(svg|png|jpe?g|gif|webp)$': '<rootDir>/src/testing/file-stub.ts',
  },
  moduleDirectories: ['node_modules', path.join(__dirname, '..', 'node_modules')],
};
