// The contract's own tests (its facts checked against each other): the front-end apps' Jest
// configuration, as the pages read the contract.
const createJestConfig = require('../tools/jest/create-jest-config.cjs');

module.exports = createJestConfig(__dirname, 'contract');
