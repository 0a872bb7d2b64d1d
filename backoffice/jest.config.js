const path = require('node:path');
const base = require('../tools/jest/create-jest-config.cjs')(__dirname, 'backoffice');

// A section imports the host through '@backoffice/kit' (webpack.config.js shares it at run time);
// here it is the kit's source. The federation runtime's network edge is stubbed by the checkout's
// own section modules (src/testing/federation-runtime.ts).
module.exports = {
  ...base,
  moduleNameMapper: {
    '^@backoffice/kit$': path.join(__dirname, 'src', 'kit', 'index.ts'),
    '^@module-federation/enhanced/runtime$': path.join(__dirname, 'src', 'testing', 'federation-runtime.ts'),
    ...base.moduleNameMapper,
  },
};
