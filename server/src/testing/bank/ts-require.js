// Lets a plain `node` child process of a test run the server's TypeScript: .ts files are compiled
// by SWC as they are required (as Jest does, jest.config.js), and the shared packages the server
// runs compiled (the wire contract, the in-house games, the lottery) resolve to their sources. Tests only.
const Module = require('node:module');
const path = require('node:path');
const fs = require('node:fs');
const { transformSync } = require('@swc/core');

const SHARED_SOURCES = Object.fromEntries(
  ['contract', 'inhouse-games'].map((name) => [`@platform/shared/${name}`, path.join(__dirname, `../../../../shared/src/${name}/index.ts`)]),
);
SHARED_SOURCES['@platform/shared/inhouse-games/fairness'] = path.join(__dirname, '../../../../shared/src/inhouse-games/fairness.ts');
SHARED_SOURCES['@platform/lottery-rules'] = path.join(__dirname, '../../../../lottery-rules/src/index.ts');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (SHARED_SOURCES[request]) return SHARED_SOURCES[request];
  if (parent && parent.filename && parent.filename.endsWith('.ts') && (request.startsWith('./') || request.startsWith('../'))) {
    const base = path.resolve(path.dirname(parent.filename), request);
    for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')]) if (fs.existsSync(candidate)) return candidate;
  }
  return resolve.call(this, request, parent, ...rest);
};
require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
