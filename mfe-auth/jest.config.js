const base = require('../tools/jest/create-jest-config.cjs')(__dirname, 'mfe-auth');

const [, swc] = base.transform['^.+\\.(t|j)sx?$'];

module.exports = {
  ...base,
  // Swiper (the registration page's promotion slider) ships ES modules only.
  transform: { ...base.transform, '^.+\\.mjs$': ['@swc/jest', swc] },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: { '^swiper/css(/.*)?$': require.resolve('../tools/jest/empty-module.cjs'), ...base.moduleNameMapper },
  // Strings in English, a clean bus and storage, and no mocks left over between tests.
  setupFilesAfterEnv: [...(base.setupFilesAfterEnv ?? []), '<rootDir>/src/testing/setup-tests.ts'],
};
