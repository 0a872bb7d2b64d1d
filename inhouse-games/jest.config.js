// Unit tests of the engines: the front-end apps' Jest configuration (SWC). Each test file asks for
// Node (`@jest-environment node`): the tests hash with node:crypto, as the server does, beside
// WebCrypto's subtle, as the pages do.
const createJestConfig = require('../tools/jest/create-jest-config.cjs');

module.exports = createJestConfig(__dirname, 'inhouse-games');
