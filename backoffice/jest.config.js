module.exports = require('../tools/jest/create-jest-config.cjs')(__dirname, 'backoffice');
