// The repository's consistency checks: the one app list (apps.json) against everything that
// names the apps (npm workspaces, tsconfig references, docker-compose, the gateway, webpack
// exposes and the shell's routes). Node environment, TypeScript through SWC.
/** @type {import('jest').Config} */
module.exports = {
  displayName: 'repository',
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/checks', '<rootDir>/webpack'],
  testMatch: ['**/*.test.ts'],
  // The shell's route table reads the wire contract; Jest does not reach its source through the package's exports.
  moduleNameMapper: { '^@platform/contract$': '<rootDir>/../contract/src/index.ts' },
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }] },
};
