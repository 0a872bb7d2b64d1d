// Unit tests of the rules: the front-end apps' Jest configuration (jsdom, SWC), as the pages run
// them; the tests take node:crypto's HMAC for the server's side.
const createJestConfig = require('../tools/jest/create-jest-config.cjs');

module.exports = createJestConfig(__dirname, 'lottery-rules');
