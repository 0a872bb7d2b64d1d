// Unit tests of the UI blocks: the front-end apps' Jest configuration (jsdom, SWC, CSS Modules).
const createJestConfig = require('../tools/jest/create-jest-config.cjs');

module.exports = createJestConfig(__dirname, 'ui-blocks');
