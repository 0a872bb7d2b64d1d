// One Jest configuration shape for every front-end app: jsdom, TypeScript through swc, CSS
// Modules as identity maps, tests beside the code.
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..', '..');

module.exports = function createJestConfig(appDir, displayName) {
  return {
    displayName,
    rootDir: appDir,
    testEnvironment: 'jsdom',
    roots: ['<rootDir>/src'],
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
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
    moduleNameMapper: {
      // Jest does not reach the contract's source through the package's exports: map it.
      '^@platform/contract$': path.join(repoRoot, 'contract', 'src', 'index.ts'),
      '\\.module\\.css$': 'identity-obj-proxy',
      '\\.css$': path.join(__dirname, 'empty-module.cjs'),
      '\\.(svg|png|jpe?g|gif|webp)$': path.join(__dirname, 'file-stub.cjs'),
    },
    setupFiles: [path.join(__dirname, 'setup-globals.cjs')],
    setupFilesAfterEnv: [path.join(__dirname, 'setup-testing-library.cjs')],
    globals: { __APP_NAME__: displayName, __APP_VERSION__: 'test' },
    transformIgnorePatterns: ['/node_modules/(?!(swiper|ssr-window|dom7)/)'],
    modulePaths: [path.join(repoRoot, 'node_modules')],
  };
};
