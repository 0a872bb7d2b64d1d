// Lets a plain `node` child process of a test run the server's TypeScript: .ts files are compiled
// by SWC as they are required (as Jest does, jest.config.js), and the packages the server runs
// compiled (the wire contract, the in-house games' engines, the lottery's rules) resolve to their
// sources. Tests only.
const Module = require('node:module');
const path = require('node:path');
const fs = require('node:fs');
const { transformSync } = require('@swc/core');

const repoRoot = path.join(__dirname, '../../../..');
const PACKAGE_SOURCES = {
  '@platform/contract': path.join(repoRoot, 'contract/src/index.ts'),
  '@platform/inhouse-games': path.join(repoRoot, 'inhouse-games/src/index.ts'),
  '@platform/inhouse-games/fairness': path.join(repoRoot, 'inhouse-games/src/fairness.ts'),
  '@platform/lottery-rules': path.join(repoRoot, 'lottery-rules/src/index.ts'),
};
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (PACKAGE_SOURCES[request]) return PACKAGE_SOURCES[request];
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
