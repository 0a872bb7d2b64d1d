// The interface is types only, checked by the type-check (tsc -b); its one runtime test keeps the
// package free of code (src/types-only.test.ts).
const createJestConfig = require('../tools/jest/create-jest-config.cjs');

module.exports = createJestConfig(__dirname, 'remote-types');
